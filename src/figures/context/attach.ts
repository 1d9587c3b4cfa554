/** Rules 1–4 of context.ts: the mentions of one clause attached to its figures. */
import { ASIDE, BOOKING_FOR, BOOKING_TEXT, BRACKETED, COMPARED_WITH, CONTRAST, CONTRASTED_PART, ELABORATES, JOINED, MAX_GLUE, OWN_BEFORE_FIGURE, POSSESSIVE_BEFORE_FIGURE, RIGHT_GLUE, SET_AGAINST } from "./attach-words.ts";
import { DIMS, handed, isSubject, setDim, slot, subjectsOf } from "./dims.ts";
import { CHANGE_WORDS, DIRECTION_WORDS } from "./figure-words.ts";
import { namesOther } from "./glue.ts";
import type { Dim, FigureContext, Mention, Target } from "./types.ts";

/** What a mention says, as a key: two mentions of one period or value say the same. */
const mentionKey = (m: Mention) => (m.period ? `${m.period.from}-${m.period.to}` : String(m.value));

/** Rules 1–4 (see the comment of context.ts) for the figures of one clause. */
export function attach(text: string, figures: readonly Target[], idx: number[], ms: Mention[], start: number, end: number, out: FigureContext[], answer: boolean): void {
  const taken = new Set<Mention>();
  const done = idx.map(() => new Set<Dim>());
  /** Dimensions a figure got by rule 1: it hands them only to a figure that tells more of it (ELABORATES). */
  const own = idx.map(() => new Set<Dim>());
  // Rule 1: right after the figure, chained ("at Restaurant Krone on Saturday").
  let first = 0;
  idx.forEach((fi, k) => {
    const nextStart = k + 1 < idx.length ? figures[idx[k + 1]!]!.start : end;
    let pos = figures[fi]!.end;
    while (first < ms.length && ms[first]!.start < pos) first++;
    for (let mi = first; mi < ms.length; mi++) {
      const m = ms[mi]!;
      if (m.start < pos) continue;
      // No glue is longer than a few words ("a month in total at … in"): a mention further on is not joined to the figure.
      if (m.end > nextStart || m.start - pos > MAX_GLUE || !RIGHT_GLUE.test(text.slice(pos, m.start)) || BOOKING_FOR.test(text.slice(pos, m.start))) break;
      // A possessive before the next figure is that figure's: "May jumped to CHF 1'264.20 from April's CHF 738.95".
      if (nextStart < end && POSSESSIVE_BEFORE_FIGURE.test(text.slice(m.end, nextStart))) break;
      if (!done[k]!.has(slot(m.dim))) {
        setDim(out[fi]!, [m]);
        if (m.dim === "name") out[fi]!.ownName = true;
        done[k]!.add(slot(m.dim));
        own[k]!.add(slot(m.dim));
      }
      taken.add(m);
      pos = m.end;
    }
  });
  // Rule 2: the nearest before it, since the figure before it.
  let from = 0;
  idx.forEach((fi, k) => {
    const f = figures[fi]!;
    const prevEnd = k > 0 ? figures[idx[k - 1]!]!.end : start;
    while (from < ms.length && ms[from]!.start < prevEnd) from++;
    let to = from;
    while (to < ms.length && ms[to]!.end <= f.start) to++;
    // What stands right before a bracket is the bracketed figure's too, though the figure before took it: the base a change
    // is from ("down 38.4% from March (CHF 990.30)"), the thing a ratio is of ("housing almost 5 times groceries (CHF 5'040)";
    // not a rate's start: "CHF 2'520.00 a month from May (CHF 30'240.00 a year)").
    const base = (m: Mention) =>
      BRACKETED.test(text.slice(m.end, f.start)) && k > 0 && (isSubject(m.dim) || DIRECTION_WORDS.test(text.slice(Math.max(start, figures[idx[k - 1]!]!.start - 30), m.start).toLowerCase()));
    // A mention set against ("more than November, and the month's net was CHF 9'020.53") is not this figure's — unless the
    // figure is itself the change between them ("Compared with 2024, spending was 10.4% higher").
    let change: boolean | undefined;
    const isChange = () => {
      if (change === undefined) {
        const lead = text.slice(Math.max(prevEnd, f.start - 30), f.start);
        change = CHANGE_WORDS.test(text.slice(f.end, f.end + 24)) || CHANGE_WORDS.test(lead.slice(Math.max(lead.lastIndexOf(","), lead.lastIndexOf(";")) + 1));
      }
      return change;
    };
    const setAgainst = (m: Mention) => SET_AGAINST.test(text.slice(Math.max(start, m.start - 40), m.start)) && !OWN_BEFORE_FIGURE.test(text.slice(m.end, f.start)) && !isChange();
    const before = ms.slice(from, to).filter((m) => (!taken.has(m) || base(m)) && (!setAgainst(m) || base(m)));
    // A period written as an end of one or as a day ("So far in 2025 (to the end of October)", "in 2025 … on 5 June") yields
    // to the period the clause is about.
    const periodSaid = before.some((m) => slot(m.dim) === "period" && m.bound !== "end");
    for (let j = before.length - 1; j >= 0; j--) {
      const m = before[j]!;
      if (done[k]!.has(slot(m.dim)) || (periodSaid && m.bound === "end" && slot(m.dim) === "period")) continue;
      const group = [m];
      for (let g = j - 1; g >= 0; g--) {
        const x = before[g]!;
        if (x.dim !== m.dim || !(JOINED.test(text.slice(x.end, group[0]!.start)) || BOOKING_TEXT.test(text.slice(x.end, group[0]!.start)))) break;
        group.unshift(x);
      }
      setDim(out[fi]!, group);
      done[k]!.add(slot(m.dim));
      for (const x of group) taken.add(x);
      if (m.dim === "name" && !ASIDE.test(text.slice(Math.max(prevEnd, m.start - 6), m.start))) out[fi]!.ownName = true;
    }
  });
  // Rules 3 and 4: handed on from the figure before, else the clause's one free value.
  // Per dimension, the one value the clause's free mentions give it (null: none, or more than one).
  const freeOne = new Map<Dim, Mention | null>();
  for (const m of ms) {
    // What a figure is compared with ("4.2 points more than in October") is no value the clause's figures are about.
    if (taken.has(m) || COMPARED_WITH.test(text.slice(Math.max(start, m.start - 24), m.start)) || SET_AGAINST.test(text.slice(Math.max(start, m.start - 40), m.start))) continue;
    const seen = freeOne.get(m.dim);
    if (seen === undefined) freeOne.set(m.dim, m);
    else if (seen && mentionKey(seen) !== mentionKey(m)) freeOne.set(m.dim, null);
  }
  const subjects = subjectsOf(ms);
  idx.forEach((fi, k) => {
    const f = figures[fi]!;
    const ctx = out[fi]!;
    const prevEnd = k > 0 ? figures[idx[k - 1]!]!.end : start;
    // Set against the figure before: right after a contrast word ("down from CHF …"), or after one with the words it compares
    // with ("more than the first (CHF 4'957.05)").
    const contrasted = CONTRAST.test(text.slice(Math.max(prevEnd, f.start - 48), f.start)) || (k > 0 && CONTRASTED_PART.test(text.slice(prevEnd, f.start)));
    // The subject (category and name together) comes from one place: the figure's own mentions, else the figure before, else the clause.
    let subjectSaid = done[k]!.has("category") || done[k]!.has("name");
    // Words between the figure before (or the clause's start) and this one that are no glue name something the data
    // has no name for ("and other costs with …", "and the tax office with …"): its subject, which is none of the clause's.
    if (answer && !subjectSaid && namesOther(text.slice(prevEnd, f.start), ms, prevEnd)) subjectSaid = true;
    if (k > 0) {
      const prev = out[idx[k - 1]!]!;
      // A figure that tells more of the one before ("CHF 18'382.95 in 2024 (931 payments)", "… in 2025: 12 payments",
      // "… in 2025 in 48 payments") takes what that one was said to be about right beside it too — but for a period written
      // as an end of one ("from May"), its figure's bound.
      const elaborates = ELABORATES.test(text.slice(prevEnd, f.start));
      const ownOf = (d: Dim) => own[k - 1]!.has(d) && (!elaborates || (d === "period" && !!prev.bound));
      const handedSubject = !subjectSaid && !ownOf("category") && !ownOf("name") && (prev.categories || prev.names);
      for (const d of ["period", "weekday", "category", "name", "currency"] as const) {
        if (done[k]!.has(d) || ownOf(d) || (d === "period" && contrasted) || (isSubject(d) && !handedSubject)) continue;
        const value = handed(prev, d);
        if (value) {
          Object.assign(ctx, value);
          done[k]!.add(d);
        }
      }
      subjectSaid ||= !!handedSubject;
    }
    if (freeOne.size) {
      for (const d of DIMS) {
        if (done[k]!.has(slot(d)) || (slot(d) === "period" && contrasted) || (isSubject(d) && subjectSaid)) continue;
        const one = freeOne.get(d);
        if (one) {
          setDim(ctx, [one]);
          done[k]!.add(slot(d));
        }
      }
    }
    if (subjects.length) ctx.subjects = subjects;
  });
}
