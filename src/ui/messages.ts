/**
 * The types of the catalogue's words (the namespaces and their files: src/app/locales/catalogues.ts).
 * Every message key is checked by the type check: `t` takes only keys of the namespaces its
 * `useTranslation` asked for, and the shared ones.
 */
import type { FlatNamespace, Namespace, ParseKeys } from 'i18next';

/**
 * What a translation of a catalogue is: the English catalogue's keys, nested the same way, each
 * message a string. Every Spanish catalogue is declared with it, so a key it lacks, or one English
 * does not have, fails the type check.
 */
export type Translation<Source> = {
  [Key in keyof Source]: Source[Key] extends string ? string : Translation<Source[Key]>;
};

/**
 * A message key of namespace `N` as its `t` takes it (shared keys too, which every namespace falls
 * back on): `MessageKey<'regions'>`, or with another's prefixed, `MessageKey<['regions', 'tables']>`. A key put together at run time (`roles.permissions.${key}`) is
 * declared one with `as`; the catalogue test checks that some key starts as it does.
 */
export type MessageKey<N extends Namespace = 'shared'> = ParseKeys<N>;

/**
 * A key of any namespace, as `i18n.t` takes it: a shared key as it is, another with its namespace
 * (`regions:regions.title`). What a toast is titled with; its namespace is loaded by the screen
 * that shows the toast.
 */
export type AnyMessageKey = ParseKeys<['shared', ...Exclude<FlatNamespace, 'shared'>[]]>;
