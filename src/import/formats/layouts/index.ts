/**
 * Every known bank CSV layout, in one list (SPEC §10.1: "Layouts are data — one small file per
 * bank layout"). Adding a bank is one file here plus one entry below, with its detection test in
 * test/import/formats/layouts.test.ts; the README's layout table is generated from this list.
 * A file matches the first layout whose header cells it has, so list a layout whose header is a
 * superset of another's before it.
 */
import type { BankLayout } from "../csv-layout.ts";
import { FR_DEBIT_CREDIT } from "./fr-debit-credit.ts";
import { UBS_ACCOUNT_LAYOUTS } from "./ubs-account.ts";
import { UBS_CARD } from "./ubs-card.ts";

export const LAYOUTS: readonly BankLayout[] = [...UBS_ACCOUNT_LAYOUTS, UBS_CARD, FR_DEBIT_CREDIT];
