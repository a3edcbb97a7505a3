import { useEffect } from "react";
import { track } from "~/lib/analytics";
import { keptVisitorRound } from "~/lib/visitor-round";
import { useAccount } from "./AccountProvider";
import { Modal } from "./Modal";
import { SignUpForm } from "./SignUpForm";

/**
 * The sign-up form in a popup; like the /registration screen, success goes to /home, unless this tab keeps a round
 * played as a visitor: then its result screen follows (`PendingRounds`).
 */
export function SignUpPopup({ onClose }: { onClose: () => void }) {
  const { signedIn, openLogin } = useAccount();
  useEffect(() => track("SignUpOpen", { from: "popup" }), []);
  return (
    <Modal labelledBy="signup-title" onClose={onClose}>
      <header className="modal__header">
        <h2 id="signup-title" className="modal__title">
          Create Account
        </h2>
        <p className="modal__lead">
          It&apos;s free. Like games, collect coins and challenge your friends.
        </p>
      </header>
      <SignUpForm
        idPrefix="signup-popup"
        onSignedUp={(user) =>
          signedIn(user, keptVisitorRound() ? undefined : "/home")
        }
      />
      <p className="auth-card__switch">
        Already have an account?{" "}
        <button type="button" className="text-button" onClick={openLogin}>
          Log in
        </button>
      </p>
    </Modal>
  );
}
