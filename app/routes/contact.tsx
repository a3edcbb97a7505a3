import type { MetaFunction } from "@remix-run/cloudflare";
import { useActionData } from "@remix-run/react";
import { useState, type FormEvent } from "react";
import { CheckIcon } from "~/components/icons";
import { MailIcon } from "~/components/page-icons";
import { PageHeader } from "~/components/PageHeader";
import { pageTitle } from "#contract/format";
import { canonicalLink } from "~/lib/seo";

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle("Contact") },
  {
    name: "description",
    content:
      "Questions, feedback or a game to suggest? Get in touch with the Playfeed team.",
  },
  ...canonicalLink(matches, "/contact"),
];

/**
 * SPEC.md §2: the form sends nothing, so a post without JavaScript (or before the page hydrated) only confirms too;
 * the fields are never read.
 */
export function action() {
  return { submitted: true };
}

/** /contact: SPEC.md §2 — Submit only confirms; nothing is sent and nothing is validated. */
export default function Contact() {
  const posted = useActionData<typeof action>()?.submitted ?? false;
  const [submitted, setSubmitted] = useState(posted);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
  };

  return (
    <div className="page page--narrow">
      <PageHeader
        title="Contact us"
        subtitle="Questions, feedback or a game you'd love to see? We'd like to hear it."
      />
      <form
        className="card form"
        method="post"
        action="/contact"
        onSubmit={onSubmit}
        noValidate
      >
        <div className="field">
          <label htmlFor="contact-name">Name</label>
          <input
            id="contact-name"
            name="name"
            type="text"
            autoComplete="name"
            placeholder="Your name"
          />
        </div>
        <div className="field">
          <label htmlFor="contact-email">Email</label>
          <input
            id="contact-email"
            name="email"
            type="email"
            autoComplete="email"
            placeholder="you@example.com"
          />
        </div>
        <div className="field">
          <label htmlFor="contact-message">Message</label>
          <textarea
            id="contact-message"
            name="message"
            rows={6}
            placeholder="How can we help?"
          />
        </div>
        <div role="status" aria-live="polite" className="form__status">
          {submitted ? (
            <p className="alert alert--success">
              <CheckIcon size={18} />
              <span>Success: Message submitted successfully.</span>
            </p>
          ) : null}
        </div>
        <button type="submit" className="button button--primary button--large">
          <MailIcon size={18} />
          Submit
        </button>
      </form>
    </div>
  );
}
