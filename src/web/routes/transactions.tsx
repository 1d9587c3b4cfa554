/**
 * The Transactions page and its API (SPEC §12), over src/transactions/ (views know no
 * queries; the domain knows no HTTP):
 *   GET   /transactions?…             the page (filters in the URL; htmx swaps #main and pushes the URL)
 *   GET   /transactions.csv?…         the filtered rows as CSV (same filters, every row)
 *   GET   /api/transactions?…         {total_rows, totals:[{currency, out, in, net}], rows:[…]}
 *   PATCH /api/transactions/:id       {category?, merchant_name?, apply_to_merchant?} → the edit
 *   PATCH /transactions/:id           the same from the page's form → a toast with Undo (the list refreshes)
 *   POST  /transactions/:id/edit      the same without JavaScript → back to the page
 *   POST  /api/edits/:id/undo, POST /edits/:id/undo   undo one of the user's own changes, once
 * A filter that is wrong is a 400 that says what is wrong. Writes pass the session and
 * Origin checks like every route below `auth` (src/web/server.ts).
 */
import { Hono, type Context } from "hono";
import { round2 } from "../../core/format.ts";
import type { DataEdit } from "../../store/data-edits.ts";
import { dataAge, dataAgeText } from "../../transactions/data-age.ts";
import { undoReclassifyById } from "../../import/quality.ts";
import { suggestRule } from "../../rules/suggest.ts";
import { EditError, editTransaction, invalidEdit, parseEdit, transactionEditSchema, UNDO_LATER, undoTransactionEditById, type EditOutcome } from "../../transactions/edit.ts";
import { allTransactions, getTransaction, transactionOfSet, transactionsPage, otherRowsOfMerchant, type TransactionPage, type TransactionRow } from "../../transactions/listing.ts";
import { rowsFilterWords } from "../../transactions/link.ts";
import { datePresets, parseTransactionQuery, rowsFilterString, TransactionQueryError, transactionQueryString, type TransactionQuery } from "../../transactions/query.ts";
import { undoCategoryChangeById } from "../../categories/categories.ts";
import { ruleInputOf } from "../../rules/rule-input.ts";
import { undoRuleChangeById } from "../../rules/rules.ts";
import { CSV_BOM, csvCell } from "../../../views/ChartFigure.tsx";
import { EditToast } from "../../../views/EditToast.tsx";
import { renderPage } from "../../../views/Layout.tsx";
import { MessagePage } from "../../../views/MessagePage.tsx";
import { TransactionsPage } from "../../../views/TransactionsPage.tsx";
import { assetUrl } from "../assets.ts";
import type { WebDeps, WebEnv } from "../context.ts";
import { signedInName } from "../middleware/auth/index.ts";
import { accountLabel } from "../../core/account-labels.ts";
import { NO_ACCOUNT } from "../../ledger/schema.ts";
import type { Ledger } from "../../ledger/ledger.ts";
import { budgetUnavailable, formBody, isHtmxRequest, jsonBody, refusalOf } from "../middleware/respond.ts";
import { toHtml } from "../sse-renderer.ts";
import { refusedChange } from "../refused-change.tsx";
import { whenBudgetReadable } from "../middleware/budget-readable.ts";

const CSV_COLUMNS = ["id", "date", "amount", "currency", "merchant", "category", "description", "account"] as const;

export function transactionRoutes(deps: WebDeps) {
  const r = new Hono<WebEnv>();
  const { budget, store } = deps;
  // Every route here reads budget.db on the spot: wait for another program's lock without freezing the server.
  for (const path of ["/transactions", "/transactions.csv", "/transactions/*", "/api/transactions", "/api/transactions/*", "/edits/*", "/api/edits/*"]) r.use(path, whenBudgetReadable(budget));
  const asset = (name: string) => assetUrl(deps.assets, name);
  const editDeps = { budget, writer: deps.writer, store };
  const userOf = (c: Context<WebEnv>) => ({ id: c.get("user").id, name: c.get("user").name });

  /** The query of the request, or why it is refused. */
  const queryOf = (c: Context<WebEnv>): TransactionQuery | string => {
    try {
      return parseTransactionQuery(new URL(c.req.url).searchParams);
    } catch (e) {
      if (!(e instanceof TransactionQueryError)) throw e;
      return e.message;
    }
  };
  /** One page of the query's rows, or why it is refused (an unknown category). */
  const list = (q: TransactionQuery): TransactionPage | string => {
    try {
      return transactionsPage(budget, q);
    } catch (e) {
      if (!(e instanceof TransactionQueryError)) throw e;
      return e.message;
    }
  };
  /** A refused filter: 400 in the client's shape. */
  const badQuery = async (c: Context<WebEnv>, message: string): Promise<Response> => {
    if (c.req.path.startsWith("/api/")) return c.json({ error: message }, 400);
    if (c.req.path.endsWith(".csv")) return c.text(message, 400);
    return c.html(await renderPage(<MessagePage title="Invalid filter" message={message} asset={asset} />), 400);
  };

  r.get("/transactions", async (c) => {
    const q = queryOf(c);
    if (typeof q === "string") return badQuery(c, q);
    const page = list(q);
    if (typeof page === "string") return badQuery(c, page);
    const summary = budget.summaryOrLast();
    const l = budget.ledger();
    const href = (over: Partial<TransactionQuery>) => `/transactions${transactionQueryString({ ...q, ...over })}`;
    const filters = { ...q, category: page.category ?? q.category };
    const user = c.get("user");
    const edits = store.edits.list(user.id, { limit: 20 });
    const names = store.accountNames.all();
    // A GET form sends every field, empty ones too: the address htmx pushes is the short one that means the same.
    const here = new URL(c.req.url);
    if (isHtmxRequest(c) && here.pathname + here.search !== href({})) c.header("HX-Push-Url", href({}));
    return c.html(
      await renderPage(
        <TransactionsPage
          filters={{
            q: q.q ?? "",
            category: filters.category ?? "",
            merchant: q.merchant ?? "",
            account: q.account ?? "",
            currency: q.currency ?? "",
            from: q.from ?? "",
            to: q.to ?? "",
            min: q.min === undefined ? "" : String(q.min),
            max: q.max === undefined ? "" : String(q.max),
            direction: q.direction ?? "",
            sort: q.sort,
            any: (q.any ?? []).map((a) => ({ value: rowsFilterString(a), words: rowsFilterWords(a, a.id === undefined ? undefined : transactionOfSet(budget, a)) })),
          }}
          categories={summary.categories.map((x) => x.name)}
          currencies={summary.currencies.map((x) => x.currency)}
          accounts={accountOptions(l, names)}
          totalRows={page.totalRows}
          totals={page.totals}
          rows={page.rows.map((row) => ({
            ...row,
            others: otherRowsOfMerchant(budget, row),
            merchantHref: row.merchant === null || row.merchant.trim() === "" ? null : `/transactions${transactionQueryString({ merchant: row.merchant })}`,
            accountLabel: row.account === null ? null : accountLabel(row.account, names),
          }))}
          page={page.page}
          pages={page.pages}
          pageSize={page.pageSize}
          links={{
            self: href({}),
            csv: `/transactions.csv${transactionQueryString({ ...q, page: 1 })}`,
            clear: "/transactions",
            withoutAny: href({ any: undefined, page: 1 }),
            prev: page.page > 1 ? href({ page: page.page - 1 }) : null,
            next: page.page < page.pages ? href({ page: page.page + 1 }) : null,
            presets: datePresets(new Date()).map((x) => ({ label: x.label, href: href({ from: x.from, to: x.to, page: 1 }), current: q.from === x.from && q.to === x.to })),
          }}
          dataAge={dataAgeText(dataAge(budget), new Date())}
          edits={edits}
          asset={asset}
          userName={signedInName(user)}
        />,
      ),
      200,
      { "Cache-Control": "no-store" },
    );
  });

  r.get("/transactions.csv", async (c) => {
    const q = queryOf(c);
    if (typeof q === "string") return badQuery(c, q);
    const line = (t: TransactionRow) => [t.id, t.date, t.amount.toFixed(2), t.currency, t.merchant, t.category, t.description, t.account].map((v) => csvCell(v)).join(",") + "\r\n";
    const rows = allTransactions(budget, q);
    let first: IteratorResult<TransactionRow>;
    try {
      first = rows.next(); // an unknown category is refused here, before anything is sent
    } catch (e) {
      if (!(e instanceof TransactionQueryError)) throw e;
      return c.text(e.message, 400);
    }
    // Streamed in chunks: an export of a million rows never sits in memory as one string.
    const encoder = new TextEncoder();
    let head: string | null = `${CSV_BOM}${CSV_COLUMNS.join(",")}\r\n${first.done ? "" : line(first.value)}`;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        let chunk = head ?? "";
        head = null;
        for (let k = 0; k < 2000; k++) {
          const next = rows.next();
          if (next.done) {
            if (chunk) controller.enqueue(encoder.encode(chunk));
            controller.close();
            return;
          }
          chunk += line(next.value);
        }
        controller.enqueue(encoder.encode(chunk));
      },
    });
    return c.body(body, 200, {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="transactions.csv"`,
      "cache-control": "no-store",
    });
  });

  r.get("/api/transactions", async (c) => {
    const q = queryOf(c);
    if (typeof q === "string") return badQuery(c, q);
    const page = list(q);
    if (typeof page === "string") return badQuery(c, page);
    return c.json({
      total_rows: page.totalRows,
      page: page.page,
      pages: page.pages,
      page_size: page.pageSize,
      totals: page.totals.map((t) => ({ currency: t.currency, out: round2(t.out), in: round2(t.in), net: round2(t.net) })),
      rows: page.rows,
    });
  });

  const idOf = (c: Context<WebEnv>): number | null => {
    const raw = c.req.param("id") ?? "";
    return /^\d{1,15}$/.test(raw) ? Number(raw) : null;
  };

  r.patch("/api/transactions/:id", jsonBody(transactionEditSchema, invalidEdit), async (c) => {
    const id = idOf(c);
    if (id === null) throw new EditError("not_found", `Not a transaction id: "${c.req.param("id")}".`);
    const input = c.req.valid("json");
    const edit = await editTransaction(editDeps, userOf(c), id, input, "api");
    const rule = suggestRule(budget, store, c.get("user").id, { id, ...input, category: edit.category }, edit.edit);
    return c.json({ ...editJson(edit, getTransaction(budget, id)), suggested_rule: rule ? { ...ruleInputOf(rule.spec), link: rule.link } : null });
  });

  /** The page's form: fields equal to the row's current values are left out, so only what the user changed is written. */
  const formEdit = async (c: Context<WebEnv>, id: number) => {
    const form = await formBody(c);
    const row = getTransaction(budget, id);
    if (!row) throw new EditError("not_found", `No transaction with id ${id}.`);
    const text = (k: string) => (typeof form[k] === "string" ? (form[k] as string) : undefined);
    const category = text("category");
    const merchant = text("merchant_name");
    const input = parseEdit({
      ...(category !== undefined && category !== row.category ? { category } : {}),
      ...(merchant !== undefined && merchant.trim() !== (row.merchant ?? "") ? { merchant_name: merchant } : {}),
      apply_to_merchant: text("apply_to_merchant") === "true",
    });
    const edit = await editTransaction(editDeps, userOf(c), id, input, "page");
    return { ...edit, rule: suggestRule(budget, store, c.get("user").id, { id, ...input, category: edit.category }, edit.edit) };
  };

  r.patch("/transactions/:id", async (c) => {
    const id = idOf(c);
    c.header("Cache-Control", "no-store");
    try {
      if (id === null) throw new EditError("not_found", "No such transaction.");
      const edit = await formEdit(c, id);
      // The list (and its totals) refresh themselves on this event; the toast stays.
      c.header("HX-Trigger", "data-changed");
      return c.html(toHtml(<EditToast message={edit.edit ? edit.message : `${edit.message} ${UNDO_LATER}`} undoId={edit.edit?.id} rule={edit.rule} />));
    } catch (e) {
      if (!refusalOf(e) || budgetUnavailable(e)) throw e;
      // 200 with the message: htmx swaps it into the toast either way, and the edit form stays as it was.
      return c.html(toHtml(<EditToast message={(e as Error).message} error />), 200);
    }
  });

  r.post("/transactions/:id/edit", async (c) => {
    const id = idOf(c);
    try {
      if (id === null) throw new EditError("not_found", "No such transaction.");
      await formEdit(c, id);
      return c.redirect(backTo(c, "/transactions"), 303);
    } catch (e) {
      const refused = refusalOf(e);
      if (!refused || budgetUnavailable(e)) throw e;
      return c.html(await renderPage(<MessagePage title="Not changed" message={(e as Error).message} asset={asset} />), refused.status);
    }
  });

  /** Undo one of the user's changes, whichever kind it is. */
  const undo = (c: Context<WebEnv>, editId: number): Promise<{ edit: DataEdit; message: string }> => {
    const edit = store.edits.get(c.get("user").id, editId);
    if (edit?.kind === "category") return undoCategoryChangeById({ ...editDeps }, userOf(c), editId);
    if (edit?.kind === "rule") return undoRuleChangeById(editDeps, userOf(c), editId);
    if (edit?.kind === "reclassify") return undoReclassifyById(editDeps, userOf(c), editId);
    return undoTransactionEditById(editDeps, userOf(c), editId);
  };

  r.post("/api/edits/:id/undo", async (c) => {
    const id = idOf(c);
    if (id === null) throw new EditError("not_found", "No such edit.");
    const { edit, message } = await undo(c, id);
    return c.json({ id: edit.id, undone_at: edit.undoneAt, message });
  });

  r.post("/edits/:id/undo", async (c) => {
    const id = idOf(c);
    c.header("Cache-Control", "no-store");
    try {
      if (id === null) throw new EditError("not_found", "No such edit.");
      const { message } = await undo(c, id);
      if (!isHtmxRequest(c)) return c.redirect(backTo(c, "/transactions"), 303);
      c.header("HX-Trigger", "data-changed");
      return c.html(toHtml(<EditToast message={message} />));
    } catch (e) {
      return refusedChange(c, e, asset, "Not undone");
    }
  });

  return r;
}

/** Where a plain form post returns: the page it came from (same origin, path and query only), else `fallback`. */
function backTo(c: Context<WebEnv>, fallback: string): string {
  try {
    const from = new URL(c.req.header("referer") ?? "");
    return from.origin === new URL(c.req.url).origin && /^\/(transactions|categories|rules)\b/.test(from.pathname) ? from.pathname + from.search : fallback;
  } catch {
    return fallback;
  }
}

/** An edit as the JSON API answers it (`edit_id` null: recorded a moment later, chat.db was busy). */
function editJson(edit: EditOutcome, row: unknown) {
  return { edit_id: edit.edit?.id ?? null, message: edit.message, rows: edit.after.length, transaction: row, before: edit.before, after: edit.after };
}

/** The Account filter's choices: every account by its name or masked number, then "(no account)" when some rows have none (uqa7 #4: they could not be picked). */
function accountOptions(l: Ledger, names: ReadonlyMap<string, string>): { value: string; label: string }[] {
  const options = [...new Set(l.accounts)].map((a) => ({ value: a, label: accountLabel(a, names) })).sort((a, b) => a.label.localeCompare(b.label));
  if (options.length === 0 || l.accounts.includes(NO_ACCOUNT)) return options;
  for (let i = 0; i < l.size; i++) if (l.accountAt(i) < 0) return [...options, { value: NO_ACCOUNT, label: NO_ACCOUNT }];
  return options;
}
