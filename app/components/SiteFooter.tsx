import { Link } from "@remix-run/react";
import "./SiteFooter.css";

const FOOTER_LINKS = [
  { to: "/contact", label: "Contact" },
  { to: "/terms", label: "Terms" },
  { to: "/privacy", label: "Privacy" },
  { to: "/about", label: "About" },
  { to: "/blog", label: "Blog" },
];

/** "© 2026 Playfeed": the year is read at render, so the text can differ from the server's only around New Year. */
export function Copyright() {
  return (
    <span suppressHydrationWarning>
      © {new Date().getFullYear()} Playfeed. All rights reserved.
    </span>
  );
}

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <nav aria-label="Footer">
        <ul className="site-footer__links">
          {FOOTER_LINKS.map((link) => (
            <li key={link.to}>
              <Link to={link.to}>{link.label}</Link>
            </li>
          ))}
        </ul>
      </nav>
      <p className="site-footer__copy">
        <Copyright />
      </p>
    </footer>
  );
}
