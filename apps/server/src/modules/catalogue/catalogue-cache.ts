import type { FastifyBaseLogger } from 'fastify';
import { ChannelListener } from '../../db/channel-listener';
import type { Database } from '../../db/client';
import { listCatalogue } from './list-catalogue';

/** Signalled by a trigger on `products` (migration 0002) whenever the table changes. */
const CATALOGUE_CHANNEL = 'lbs_catalogue';

/**
 * The public catalogue, the same for every visitor, kept in memory as its JSON text: it changes
 * only when an admin changes products or prices. Any change to the products table signals every
 * process on commit and each reloads on its next request; `invalidate` does the same at once for
 * the process that made the change. Until the process listens for the signal, nothing is kept.
 */
export class CatalogueCache {
  private json: Promise<string> | undefined;
  private readonly listener: ChannelListener;

  constructor(
    private readonly database: Database,
    log: FastifyBaseLogger,
  ) {
    this.listener = new ChannelListener(database, CATALOGUE_CHANNEL, {
      onPayload: () => this.invalidate(),
      onReconnect: () => this.invalidate(),
      log,
      failureMessage: 'catalogue cache: cannot listen for changes, not caching',
    });
  }

  /** The catalogue as the JSON the route sends. */
  async get(): Promise<string> {
    if (this.json) return this.json;
    const canKeep = await this.listener.ensure();
    if (this.json) return this.json;
    const load = listCatalogue(this.database.db).then((items) => JSON.stringify(items));
    if (!canKeep || this.listener.isClosed) return load;
    this.json = load;
    // A failed read is not remembered: the next request tries the database again.
    load.catch(() => {
      if (this.json === load) this.json = undefined;
    });
    return load;
  }

  invalidate(): void {
    this.json = undefined;
  }

  async close(): Promise<void> {
    const closing = this.listener.close();
    this.invalidate();
    await closing;
  }
}
