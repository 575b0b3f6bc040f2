import type { Db } from "@streamkit/db";
import type { PlanName } from "@streamkit/plans";
import type { Payments } from "./providers/registry";

/** One structured log line: the fields first, then the message (pino's order, which the API's logger is). */
type LogLine = (fields: object, message: string) => void;

/**
 * What billing's services need from the process. Narrower than the API's
 * AppDeps, which satisfies it as it is, so the API hands its deps over unchanged.
 */
export interface BillingDeps {
  db: Db;
  log: { info: LogLine; warn: LogLine; error: LogLine };
  /** The clock; tests and the test clock (TEST_CLOCK=on) move it. */
  now: () => Date;
  /** The payment providers for checkout, webhooks and refunds (createPayments). */
  payments: Payments;
  /** The site's public address: the providers send buyers back to it. */
  env: { PUBLIC_URL: string };
}

/** The signed-in account a billing operation acts for (the API's account caller is one). */
export interface BillingCaller {
  account: {
    id: string;
    email: string | null;
    /** Decides the currency (INR in India, USD elsewhere) before the country the browser reports. */
    country: string | null;
    /** The plan in force now, subscriptions and complimentary plans included. */
    plan: PlanName;
  };
}
