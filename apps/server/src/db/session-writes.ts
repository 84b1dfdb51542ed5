import type {
  KyselyPlugin,
  OperationNode,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryId,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from "kysely";

/**
 * The columns a signed-in request is resolved from (lib/session-cache.ts). A statement that
 * changes one of them, deletes such a row, or adds or removes a two-factor enrolment, invalidates the
 * session cache of this process at once; migration 0110's triggers tell the other processes.
 * Keep this list and the triggers' conditions alike.
 */
const WATCHED: Record<string, ReadonlySet<string> | "all"> = {
  users: new Set(["email", "full_name", "role", "kyc_status", "locked_at", "created_at"]),
  sessions: new Set(["revoked_at", "expires_at", "idle_expires_at", "token_hash", "user_id"]),
  user_totp: "all",
};

function nameOf(node: OperationNode | undefined): string | undefined {
  if (!node) return undefined;
  const n = node as unknown as {
    kind: string;
    table?: { identifier?: { name?: string } };
    node?: OperationNode;
    column?: { name?: string };
  };
  if (n.kind === "TableNode") return n.table?.identifier?.name;
  if (n.kind === "AliasNode") return nameOf(n.node);
  if (n.kind === "ColumnNode") return n.column?.name;
  return undefined;
}

const RAW_WRITE =
  /\b(?:update|delete\s+from|insert\s+into|truncate)\s+(?:table\s+)?"?(users|sessions|user_totp)\b/i;

/** Whether executing `node` may change what a cached session says. */
export function changesSessions(node: RootOperationNode): boolean {
  switch (node.kind) {
    case "UpdateQueryNode": {
      const table = nameOf(node.table);
      const watched = table ? WATCHED[table] : undefined;
      if (!watched) return false;
      if (watched === "all") return true;
      const columns = (node.updates ?? []).map((u) => nameOf(u.column));
      // Extending the idle expiry together with the last use (modules/auth/session.service.ts) only
      // lengthens a session; every process reads a lapsed-looking entry again from the database.
      if (table === "sessions" && columns.includes("last_used_at")) {
        return columns.some((c) => c !== "last_used_at" && c !== "idle_expires_at" && c && watched.has(c));
      }
      return columns.some((c) => c === undefined || watched.has(c));
    }
    case "DeleteQueryNode":
      return node.from.froms.some((from) => {
        const table = nameOf(from);
        return table !== undefined && table in WATCHED;
      });
    case "InsertQueryNode":
      // A new session or user is not in any cache yet; a new two-factor enrolment changes one.
      return nameOf(node.into) === "user_totp";
    case "RawNode":
      return RAW_WRITE.test(node.sqlFragments.join(" "));
    default:
      return false;
  }
}

/**
 * A Kysely plugin that calls every registered listener after a statement that may change a signed-in
 * session (see `changesSessions`) has run, so that this process stops trusting its cached copy.
 */
export class SessionWritesPlugin implements KyselyPlugin {
  private readonly pending = new WeakSet<QueryId>();
  private readonly listeners = new Set<() => void>();

  /** Registers `listener`; the returned function removes it again. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    if (this.listeners.size > 0 && changesSessions(args.node)) this.pending.add(args.queryId);
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    if (this.pending.has(args.queryId)) {
      this.pending.delete(args.queryId);
      for (const listener of this.listeners) listener();
    }
    return args.result;
  }
}
