import { Link, useLocation } from "@remix-run/react";
import { AlertIcon, CompassIcon } from "./icons";
import { OFFLINE_PAGE } from "~/lib/network";
import "./ErrorPage.css";

export interface ErrorPageProps {
  status: number;
  /** A message safe to show (from a thrown Response); never an internal error's text. */
  message?: string;
  /** The page could not be reached for want of a network (issue #31): it says so, never "Something went wrong". */
  offline?: boolean;
}

/** The designed page for a missing address (404) or any other failure, shown inside the normal shell. */
export function ErrorPage({ status, message, offline }: ErrorPageProps) {
  const location = useLocation();
  if (offline)
    return (
      <section className="error-page" data-testid="offline-page">
        <div className="error-page__art" aria-hidden="true">
          <span className="error-page__icon error-page__icon--alone">
            <AlertIcon size={28} />
          </span>
        </div>
        <h1 className="error-page__title">{OFFLINE_PAGE.title}</h1>
        <p className="error-page__text">{OFFLINE_PAGE.text}</p>
        <div className="error-page__actions">
          <Link to="/" className="button button--primary">
            Go to the home page
          </Link>
          <Link
            to={`${location.pathname}${location.search}`}
            replace
            className="button button--ghost"
          >
            Try again
          </Link>
        </div>
      </section>
    );
  const notFound = status === 404;
  // A 403's message names what the account lacks (a developer page of another publisher): it can be acted on.
  const forbidden = status === 403;
  return (
    <section className="error-page">
      <div className="error-page__art" aria-hidden="true">
        <span className="error-page__code">
          {notFound ? "404" : status || "!"}
        </span>
        <span className="error-page__icon">
          {notFound ? <CompassIcon size={28} /> : <AlertIcon size={28} />}
        </span>
      </div>
      <h1 className="error-page__title">
        {notFound
          ? "Page not found"
          : forbidden
            ? "This page is not yours to open"
            : "Something went wrong"}
      </h1>
      <p className="error-page__text">
        {forbidden
          ? (message ?? "It belongs to another account.")
          : notFound
            ? message && message !== "Not Found"
              ? `${message}. It may have been moved, or the link may be mistyped.`
              : "We couldn't find the page you were looking for. It may have been moved, or the link may be mistyped."
            : "We hit a snag loading this page. Please try again in a moment."}
      </p>
      <div className="error-page__actions">
        <Link to="/" className="button button--primary">
          Go to Home
        </Link>
        <Link to="/home" className="button button--ghost">
          Browse games
        </Link>
      </div>
    </section>
  );
}
