/** Today for the tools (SPEC §1 "Time"): from the context's clock, else the system clock, in the local time zone. */
import { localDay } from "../../ledger/calendar.ts";
import type { ToolContext } from "../types.ts";

export function todayOf(ctx: ToolContext | undefined): number {
  return localDay(ctx?.now ? ctx.now() : new Date());
}
