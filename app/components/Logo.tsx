import { Link } from "@remix-run/react";
import { LogoMark } from "./icons";
import "./Logo.css";

/** Mark and wordmark, linking home. */
export function Logo({
  to = "/",
  idSuffix = "header",
}: {
  to?: string;
  idSuffix?: string;
}) {
  return (
    <Link to={to} className="logo" aria-label="Playfeed home">
      <LogoMark size={32} idSuffix={idSuffix} />
      <span className="logo__word" aria-hidden="true">
        Playfeed
      </span>
    </Link>
  );
}
