/**
 * Every known bank CSV layout, in one list (SPEC §10.1: "Layouts are data — one small file per
 * bank layout"). Adding a bank is one file here plus one entry below, with its fixture and
 * expectations in test/import/formats/layouts.test.ts; the README's layout table is generated from
 * this list. A file matches the first layout whose header cells it has, so a layout whose header is
 * a superset of another's comes before it.
 *
 * Cembra's layout is the columns of its PDF statement (no CSV export of theirs was found to compare with): see cembra.ts.
 */
import type { BankLayout } from "../csv-layout.ts";
import { AMEX_UK, AMEX_US, AMEX_US_CARD_MEMBER } from "./amex.ts";
import { ANZ_NZ } from "./anz-nz.ts";
import { ASB } from "./asb.ts";
import { BANCASTATO } from "./bancastato.ts";
import { BANK_NORWEGIAN } from "./bank-norwegian.ts";
import { BANK_CLER } from "./bank-cler.ts";
import { BOURSORAMA } from "./boursorama.ts";
import { BMO_ACCOUNT, BMO_CARD, EQ_BANK, SIMPLII, TANGERINE } from "./canada.ts";
import { CAPITAL_ONE, CAPITAL_ONE_POSTED } from "./capital-one.ts";
import { BANK_OF_AMERICA_CARD } from "./bank-of-america.ts";
import { MINT } from "./mint.ts";
import { MONEY_FORWARD_ME } from "./moneyforward.ts";
import { MORGAN_STANLEY_ACTIVITY } from "./morgan-stanley.ts";
import { CASH_APP } from "./cash-app.ts";
import { CEMBRA } from "./cembra.ts";
import { CHASE_CARD, CHASE_CHECKING } from "./chase.ts";
import { CITI } from "./citi.ts";
import { DISCOVER } from "./discover.ts";
import { COMMERZBANK } from "./commerzbank.ts";
import { CREDIT_SUISSE } from "./credit-suisse.ts";
import { DKB, DKB_2022, DKB_CARD } from "./dkb.ts";
import { FR_DEBIT_CREDIT } from "./fr-debit-credit.ts";
import { ING_DE, ING_NL, ING_NL_EN } from "./ing.ts";
import { MIGROS_BANK } from "./migros-bank.ts";
import { N26, N26_2022 } from "./n26.ts";
import { NORDEA_SE } from "./nordea-se.ts";
import { NUBANK_ACCOUNT, NUBANK_CARD } from "./nubank.ts";
import { NEON } from "./neon.ts";
import { POSTFINANCE_ACCOUNT, POSTFINANCE_CARD } from "./postfinance.ts";
import { RAIFFEISEN } from "./raiffeisen.ts";
import { RBC } from "./rbc.ts";
import { REVOLUT, REVOLUT_BUSINESS } from "./revolut.ts";
import { ROGERS } from "./rogers.ts";
import { S_PANKKI } from "./s-pankki.ts";
import { SCHWAB } from "./schwab.ts";
import { SPARKASSE } from "./sparkasse.ts";
import { SWEDBANK_BALTIC, SWEDBANK_BALTIC_EN_2014 } from "./swedbank-baltic.ts";
import { SWISSCARD } from "./swisscard.ts";
import { TRADE_REPUBLIC } from "./trade-republic.ts";
import { UBS_ACCOUNT_LAYOUTS } from "./ubs-account.ts";
import { UBS_CARD_LAYOUTS } from "./ubs-card.ts";
import { VALIANT } from "./valiant.ts";
import { VISECA } from "./viseca.ts";
import { WISE, WISE_HISTORY } from "./wise.ts";
import { YUH } from "./yuh.ts";
import { ZKB } from "./zkb.ts";
import { NAB, UP, WESTPAC } from "./australia.ts";
import { CAISSE_EPARGNE } from "./caisse-epargne.ts";
import { BANCOPOSTA } from "./bancoposta.ts";
import { LLOYDS_GROUP_CARD, MARCUS_UK, TESCO_BANK_CARD } from "./uk.ts";
import { HDFC_DELIMITED } from "./hdfc.ts";

export const LAYOUTS: readonly BankLayout[] = [
  ...UBS_ACCOUNT_LAYOUTS,
  ...UBS_CARD_LAYOUTS,
  POSTFINANCE_ACCOUNT,
  POSTFINANCE_CARD,
  ZKB,
  RAIFFEISEN,
  CREDIT_SUISSE,
  BANK_CLER,
  MIGROS_BANK,
  VALIANT,
  BANCASTATO,
  YUH,
  NEON,
  SWISSCARD,
  CEMBRA,
  VISECA,
  REVOLUT,
  REVOLUT_BUSINESS,
  WISE,
  WISE_HISTORY,
  TRADE_REPUBLIC,
  N26,
  N26_2022,
  DKB,
  DKB_CARD,
  DKB_2022,
  ING_DE,
  ING_NL,
  ING_NL_EN,
  SPARKASSE,
  COMMERZBANK,
  CHASE_CHECKING,
  CHASE_CARD,
  CAPITAL_ONE,
  CAPITAL_ONE_POSTED,
  BANK_OF_AMERICA_CARD,
  CITI,
  DISCOVER,
  MINT,
  MONEY_FORWARD_ME,
  MORGAN_STANLEY_ACTIVITY,
  CASH_APP,
  SCHWAB,
  AMEX_US,
  AMEX_UK,
  AMEX_US_CARD_MEMBER,
  RBC,
  TANGERINE,
  SIMPLII,
  EQ_BANK,
  BMO_ACCOUNT,
  BMO_CARD,
  ROGERS,
  FR_DEBIT_CREDIT,
  BOURSORAMA,
  SWEDBANK_BALTIC,
  SWEDBANK_BALTIC_EN_2014,
  ASB,
  ANZ_NZ,
  NUBANK_ACCOUNT,
  NUBANK_CARD,
  S_PANKKI,
  BANK_NORWEGIAN,
  NORDEA_SE,
  WESTPAC,
  NAB,
  UP,
  CAISSE_EPARGNE,
  BANCOPOSTA,
  TESCO_BANK_CARD,
  LLOYDS_GROUP_CARD,
  MARCUS_UK,
  HDFC_DELIMITED,
];
