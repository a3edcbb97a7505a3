import { Form } from "@remix-run/react";
import type { DeviceView } from "#contract/settings";
import { timeAgo } from "~/lib/notifications";
import type { SettingsAnswer } from "~/server/settings.server";
import { FormError, FormSuccess } from "../FormFields";
import { ShieldIcon, LogOutIcon } from "../icons";
import { answerFor, useBusy } from "./SettingsForms";

const regions = new Intl.DisplayNames(["en"], { type: "region" });

/** "Portugal" for "PT"; a code the runtime does not know stays as it is. */
function countryName(code: string | null): string | null {
  if (!code) return null;
  try {
    return regions.of(code) ?? code;
  } catch {
    return code;
  }
}

function DeviceRow({ device, now }: { device: DeviceView; now: number }) {
  const busy = useBusy("sign-out-device");
  const place = countryName(device.country);
  const seen = device.current
    ? "Active now"
    : `Last seen ${timeAgo(new Date(device.lastSeenAt).toISOString(), now).toLowerCase()}`;
  return (
    <li className="settings__device" data-current={device.current || undefined}>
      <div className="settings__device-text">
        <p className="settings__device-name">
          {device.device}
          {device.current ? (
            <span className="pill pill--accent">This device</span>
          ) : null}
        </p>
        <p className="settings__device-meta">
          {[place, seen].filter(Boolean).join(" · ")}
        </p>
      </div>
      {device.current ? null : (
        <Form method="post">
          <input type="hidden" name="intent" value="sign-out-device" />
          <input type="hidden" name="session" value={device.key} />
          <button
            type="submit"
            className="button button--ghost button--small"
            disabled={busy}
            aria-label={`Sign out ${device.device}${place ? ` in ${place}` : ""}`}
          >
            Sign out
          </button>
        </Form>
      )}
    </li>
  );
}

/** Every session of the account, this one first, with a way to end one or all the others. */
export function DevicesSection({
  devices,
  now,
  answer,
}: {
  devices: DeviceView[];
  now: number;
  answer: SettingsAnswer | undefined;
}) {
  const mine =
    answerFor(answer, "sign-out-device") ??
    answerFor(answer, "sign-out-others");
  const busyAll = useBusy("sign-out-others");
  const ordered = [...devices].sort(
    (a, b) => Number(b.current) - Number(a.current),
  );
  const others = devices.filter((device) => !device.current).length;
  return (
    <section
      className="card settings__section"
      aria-labelledby="settings-devices"
    >
      <h2 id="settings-devices" className="card__title">
        <ShieldIcon size={20} />
        Signed-in devices
      </h2>
      <ul className="settings__devices">
        {ordered.map((device) => (
          <DeviceRow key={device.key} device={device} now={now} />
        ))}
      </ul>
      {mine ? (
        mine.ok ? (
          <FormSuccess message={mine.message} />
        ) : (
          <FormError message={mine.formError} />
        )
      ) : null}
      {others > 0 ? (
        <Form method="post">
          <input type="hidden" name="intent" value="sign-out-others" />
          <button
            type="submit"
            className="button button--secondary"
            disabled={busyAll}
          >
            <LogOutIcon size={18} />
            {busyAll ? "Signing out…" : "Sign out everywhere else"}
          </button>
        </Form>
      ) : (
        <p className="settings__note">You are signed in on this device only.</p>
      )}
    </section>
  );
}
