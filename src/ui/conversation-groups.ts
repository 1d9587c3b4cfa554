import { dateFormat } from "../core/format.ts";

/** The groups of the conversation list, newest first. */
export const CONVERSATION_GROUPS = ["Today", "Yesterday", "Previous 7 days", "Older"] as const;
export type ConversationGroup = (typeof CONVERSATION_GROUPS)[number];

/** "2026-11-24": the calendar day of an instant in `timeZone`. */
function dayIn(d: Date, timeZone?: string): string {
  return dateFormat("en-CA", { year: "numeric", month: "2-digit", day: "2-digit" }, timeZone).format(d);
}

/** Whole calendar days from `a` to `b` (both "YYYY-MM-DD"). */
function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

/**
 * Which group a conversation last updated at `iso` falls in, by calendar day in
 * `timeZone`: today, yesterday, the 7 days before yesterday, or older.
 */
export function conversationGroup(iso: string, now: Date, timeZone?: string): ConversationGroup {
  return conversationGrouper(now, timeZone)(iso);
}

/** conversationGroup for a whole list: today's date worked out once. */
export function conversationGrouper(now: Date, timeZone?: string): (iso: string) => ConversationGroup {
  const today = dayIn(now, timeZone);
  return (iso) => {
    const d = new Date(iso);
    if (Number.isNaN(d.getTime())) return "Older";
    const ago = daysBetween(dayIn(d, timeZone), today);
    return ago <= 0 ? "Today" : ago === 1 ? "Yesterday" : ago <= 8 ? "Previous 7 days" : "Older";
  };
}
