import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryId,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';

/**
 * Watches one transaction's statements and says whether any of them may have changed a row. Why: the
 * audit event a call owes rides on the first transaction that changes something, and a transaction
 * that only looked (a delete or an update that matched nothing, a locking read before a refusal) must
 * not carry it, or a refused call would leave an event behind (issue 26: a refused call writes none).
 *
 * A builder's select changes nothing; an insert, update, delete or merge changed rows when the
 * database says it affected some. Anything it cannot read (raw SQL, which may hide a write in a CTE;
 * a statement compiled elsewhere) counts as a change, so a doubt always keeps the event with the
 * transaction, as before.
 */
export class ChangedRowsDetector implements KyselyPlugin {
  #hasChanged = false;
  readonly #kinds = new WeakMap<QueryId, RootOperationNode['kind']>();

  get hasChanged(): boolean {
    return this.#hasChanged;
  }

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    this.#kinds.set(args.queryId, args.node.kind);
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    if (!this.#hasChanged && hasChangedRows(this.#kinds.get(args.queryId), args.result)) {
      this.#hasChanged = true;
    }
    return args.result;
  }
}

const WRITES: ReadonlySet<string> = new Set([
  'InsertQueryNode',
  'UpdateQueryNode',
  'DeleteQueryNode',
  'MergeQueryNode',
]);

/** Whether a statement is a query builder's insert, update, delete or merge. */
export function isBuilderWrite(kind: string | undefined): boolean {
  return kind !== undefined && WRITES.has(kind);
}

/** Whether a statement of this kind, with this result, may have changed a row (unknown kinds may). */
export function hasChangedRows(kind: string | undefined, result: QueryResult<unknown>): boolean {
  if (kind === 'SelectQueryNode') return false;
  if (isBuilderWrite(kind)) return (result.numAffectedRows ?? 1n) > 0n;
  return true;
}
