/** The org's legal documents as admins publish them and anyone reads them; the reading itself is in auth.ts (sign-in needs the terms). */
import { and, eq, sql } from 'drizzle-orm';
import { legalSlugsFor, TERMS_SLUG, TERMS_VERSION_FIELD } from '#src/domain/legalDocuments.ts';
import { type Actor, can } from '#src/domain/permissions.ts';
import type { TermsPublishInput } from '#src/domain/schemas/auth.ts';
import { legalDocuments, orgs } from '../db/schema.ts';
import { currentDocument, currentTerms, type LegalDocument } from './auth.ts';
import type { ServiceContext } from './context.ts';
import { sanitizeStoredRichText } from './richText.ts';
import { conflict, forbidden, invalid, notFound } from './serviceError.ts';
import { inVersionedTransaction } from './versions.ts';

/**
 * Publishes a new version of the terms. Versions are never edited in place: everyone who accepted
 * an older one is asked to accept this one, signed in already (their next pull brings the org's
 * record with the new version) or at their next sign-in.
 */
export async function publishTerms(
  ctx: ServiceContext,
  actor: Actor,
  input: TermsPublishInput,
): Promise<LegalDocument> {
  if (!can(actor, 'settings.manage')) throw forbidden('Only admins can publish the terms.');
  const { content } = sanitizeStoredRichText('legal_documents', { content: input.content });
  if (!content.trim()) throw invalid('content: is required');
  await inVersionedTransaction(ctx, actor.org_id, async (tx, version) => {
    const [taken] = await tx
      .select({ id: legalDocuments.id })
      .from(legalDocuments)
      .where(
        and(
          eq(legalDocuments.org_id, actor.org_id),
          eq(legalDocuments.slug, TERMS_SLUG),
          eq(legalDocuments.doc_version, input.version),
        ),
      );
    // Withdrawn versions keep their number too: a version names one text for good.
    if (taken) throw conflict(`Version ${input.version} of the terms has been published already.`);
    await tx.insert(legalDocuments).values({
      org_id: actor.org_id,
      slug: TERMS_SLUG,
      doc_version: input.version,
      title: input.title,
      content,
      version,
      created_by: actor.user_id,
      updated_by: actor.user_id,
    });
    // The org's record names the version in force: a pull brings it to every signed-in device.
    await tx
      .update(orgs)
      .set({
        data: sql`${orgs.data} || jsonb_build_object(${TERMS_VERSION_FIELD}::text, ${input.version}::text)`,
        version,
        updated_at: ctx.now().toISOString(),
      })
      .where(eq(orgs.id, actor.org_id));
  });
  const terms = await currentTerms(ctx, actor.org_id);
  if (!terms) throw conflict('The terms could not be read back. Please try again.');
  return terms;
}

/**
 * The document the page `/legal/{slug}` of an org shows, sanitised as anyone may read it (see
 * legalSlugsFor: the privacy page shows the terms until a privacy document is published).
 */
export async function publishedLegalDocument(
  ctx: ServiceContext,
  orgId: number,
  slug: string,
): Promise<LegalDocument | undefined> {
  for (const candidate of legalSlugsFor(slug)) {
    const doc = await currentDocument(ctx, orgId, candidate);
    if (doc) return sanitizeStoredRichText('legal_documents', { ...doc });
  }
  return undefined;
}

/** As publishedLegalDocument, refusing a slug the org has published nothing under. */
export async function readLegalDocument(
  ctx: ServiceContext,
  orgId: number,
  slug: string,
): Promise<LegalDocument> {
  const doc = await publishedLegalDocument(ctx, orgId, slug);
  if (!doc) throw notFound(`No legal document named "${slug}" has been published.`);
  return doc;
}
