/**
 * A change made from a page (a category's, a rule's, an undo) that was refused, answered as the page asked: a page
 * saying so for a plain form post, the toast's error for htmx. budget.db busy or read-only is no refusal of the
 * change itself: it goes on to the error handler, which answers it alike on every route (respond.ts).
 */
import type { Context } from "hono";
import { EditToast } from "../../views/EditToast.tsx";
import { renderPage } from "../../views/Layout.tsx";
import { MessagePage } from "../../views/MessagePage.tsx";
import type { WebEnv } from "./context.ts";
import { budgetUnavailable, isHtmxRequest, refusalOf } from "./middleware/respond.ts";
import { toHtml } from "./sse-renderer.ts";

/** The answer to `e`, thrown by a change from a page; anything that is no refusal is thrown on. `title`: the page's. */
export async function refusedChange(c: Context<WebEnv>, e: unknown, asset: (name: string) => string, title = "Not changed"): Promise<Response> {
  const refused = refusalOf(e);
  if (!refused || budgetUnavailable(e)) throw e;
  const message = (e as Error).message;
  if (!isHtmxRequest(c)) return c.html(await renderPage(<MessagePage title={title} message={message} asset={asset} />), refused.status);
  return c.html(toHtml(<EditToast message={message} error />));
}
