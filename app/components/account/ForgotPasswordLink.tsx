import { Link } from "@remix-run/react";
import "./account-links.css";

/** Under the log-in form's password field (the /login page and the popup): where a forgotten password starts. */
export function ForgotPasswordLink() {
  return (
    <p className="auth-form__forgot">
      <Link to="/forgot-password">Forgot password?</Link>
    </p>
  );
}
