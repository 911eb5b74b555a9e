/**
 * The dashboard's card worker: opens the user's device database and computes cards off the main
 * thread (CardComputer), keeping what it read so a later batch reads only what was written since.
 * Exposed through comlink.
 */
import * as Comlink from 'comlink';
// biome-ignore lint/style/noRestrictedImports: a worker's code opens its own connection to the device database (src/device/README.md, rule 5)
import { type DashboardCardReader, openDashboardCardReader } from '#src/db/queries/dashboardCards.ts';
import { type CardAnswer, CardComputer, type CardRequest } from './CardComputer.ts';

export class CardWorkerService {
  private reader: DashboardCardReader | undefined;
  private computer: CardComputer | undefined;

  /** Opens the signed-in user's database (again only if it is another one). */
  open(databaseName: string): void {
    if (this.reader?.db.name === databaseName) return;
    this.reader?.db.close();
    this.reader = openDashboardCardReader(databaseName);
    this.computer = new CardComputer(this.reader);
  }

  /** A batch's answers; `early` (a comlink proxy) hears the cards that need no positions first. */
  computeBatch(
    cards: CardRequest[],
    now?: number,
    early?: (answers: CardAnswer[]) => void,
  ): Promise<CardAnswer[]> {
    if (!this.computer) throw new Error('the card worker has no database open');
    return this.computer.computeBatch(cards, now, early ? (answers) => void early(answers) : undefined);
  }
}

Comlink.expose(new CardWorkerService());
