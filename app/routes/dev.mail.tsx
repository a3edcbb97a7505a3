import type {
  HeadersFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { EmptyState } from "~/components/EmptyState";
import { MailIcon } from "~/components/page-icons";
import { PageHeader } from "~/components/PageHeader";
import { pageTitle } from "#contract/format";
import { localMails } from "~/server/dev-mail.server";
import "./dev.mail.css";

export const meta: MetaFunction = () => [
  { title: pageTitle("Mail outbox") },
  { name: "robots", content: "noindex" },
];

export const headers: HeadersFunction = () => ({
  "Cache-Control": "no-store",
});

/** The local outbox (404 anywhere but on this machine), to `to` when given, and the mail `open` names. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const mails = await localMails(context, request);
  const search = new URL(request.url).searchParams;
  const open = search.get("open");
  return {
    to: search.get("to")?.slice(0, 254) ?? "",
    mails: mails.map(({ id, to, subject, sentAt }) => ({
      id,
      to,
      subject,
      sentAt,
    })),
    opened: mails.find((mail) => mail.id === open) ?? null,
  };
}

/** Server and browser print the same text, so the page hydrates without a mismatch. */
const sentAtText = (at: number) =>
  `${new Date(at).toISOString().slice(0, 19).replace("T", " ")} UTC`;

/** The text body with its addresses as links: the HTML body's frame runs nothing and follows no link. */
function TextBody({ text }: { text: string }) {
  return (
    <pre className="dev-mail__text">
      {text.split(/(https?:\/\/\S+)/).map((part, index) =>
        index % 2 === 1 ? (
          <a key={index} href={part}>
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </pre>
  );
}

function OpenedMail({
  mail,
}: {
  mail: NonNullable<ReturnType<typeof useLoaderData<typeof loader>>["opened"]>;
}) {
  return (
    <article
      className="card dev-mail__reader"
      aria-labelledby="dev-mail-subject"
    >
      <h2 id="dev-mail-subject" className="card__title">
        {mail.subject}
      </h2>
      <p className="dev-mail__meta">
        To <strong>{mail.to}</strong> · {sentAtText(mail.sentAt)}
      </p>
      <h3 className="dev-mail__part">Text</h3>
      <TextBody text={mail.text} />
      <h3 className="dev-mail__part">HTML</h3>
      <iframe
        className="dev-mail__html"
        title={`HTML body of “${mail.subject}”`}
        sandbox=""
        srcDoc={mail.html}
      />
    </article>
  );
}

/** /dev/mail: what the app has mailed on this machine, newest first; the tests read the same outbox. */
export default function DevMail() {
  const { to, mails, opened } = useLoaderData<typeof loader>();
  const loading = useNavigation().state === "loading";
  const query = to ? `to=${encodeURIComponent(to)}&` : "";
  return (
    <div className="page dev-mail" aria-busy={loading || undefined}>
      <PageHeader
        title="Mail outbox"
        subtitle="Mails sent on this machine. Only here: on the real site they go to the people they are for."
      />
      <Form method="get" className="dev-mail__filter" role="search">
        <label htmlFor="dev-mail-to">Sent to</label>
        <input
          id="dev-mail-to"
          name="to"
          type="email"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={254}
          placeholder="Any address"
          defaultValue={to}
        />
        <button type="submit" className="button button--primary button--small">
          Filter
        </button>
        {to ? (
          <Link to="/dev/mail" className="button button--ghost button--small">
            Show all
          </Link>
        ) : null}
      </Form>
      {mails.length === 0 ? (
        <EmptyState title="No mail yet" icon={<MailIcon size={28} />}>
          <p>
            {to
              ? `Nothing was sent to ${to} on this machine.`
              : "Sign up, or ask for a new password, and the mail shows here."}
          </p>
        </EmptyState>
      ) : (
        <div className="dev-mail__columns">
          <ul className="dev-mail__list" aria-label="Mails, newest first">
            {mails.map((mail) => (
              <li key={mail.id}>
                <Link
                  to={`/dev/mail?${query}open=${encodeURIComponent(mail.id)}`}
                  className="card dev-mail__row"
                  aria-current={mail.id === opened?.id ? "true" : undefined}
                >
                  <strong>{mail.subject}</strong>
                  <span>{mail.to}</span>
                  <time dateTime={new Date(mail.sentAt).toISOString()}>
                    {sentAtText(mail.sentAt)}
                  </time>
                </Link>
              </li>
            ))}
          </ul>
          {opened ? (
            <OpenedMail mail={opened} />
          ) : (
            <p className="dev-mail__hint">Open a mail to read it.</p>
          )}
        </div>
      )}
    </div>
  );
}
