import { useAccount } from "./AccountProvider";
import { LoginPopup } from "./LoginPopup";
import { SignUpPopup } from "./SignUpPopup";

/** Whichever account popup the store says is open (SPEC.md §4 popup type). */
export function AccountPopups() {
  const { popup, closePopup } = useAccount();
  if (popup.type === "login") return <LoginPopup onClose={closePopup} />;
  if (popup.type === "signup") return <SignUpPopup onClose={closePopup} />;
  return null;
}
