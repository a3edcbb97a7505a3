import { useAccount } from "./AccountProvider";
import { lazyDialog } from "./lazy-dialog";

const LoginPopup = lazyDialog("Log in", () =>
  import("./LoginPopup").then((module) => module.LoginPopup),
);
const SignUpPopup = lazyDialog("Create Account", () =>
  import("./SignUpPopup").then((module) => module.SignUpPopup),
);

/** Whichever account popup the store says is open (SPEC.md §4 popup type). */
export function AccountPopups() {
  const { popup, closePopup } = useAccount();
  if (popup.type === "login") return <LoginPopup onClose={closePopup} />;
  if (popup.type === "signup") return <SignUpPopup onClose={closePopup} />;
  return null;
}
