import type { ReactNode } from "react";

/**
 * The top of the built-in provider's hosted pages (a plugin's checkout and a
 * subscription's): the unmistakable "test mode" banner and title, then what
 * paying here does — `children`, which ends with "no card is asked for and nothing is charged."
 */
export function TestCheckoutIntro({ children }: { children: ReactNode }) {
  return (
    <>
      <p className="test-banner" role="note">
        Test mode
      </p>
      <h1 id="test-pay-title">Streamkit test payments — no real money moves</h1>
      <p className="lead">{children}</p>
    </>
  );
}
