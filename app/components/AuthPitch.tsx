import type { ReactNode } from "react";
import type { IconProps } from "./icons";

export interface Perk {
  Icon: (props: IconProps) => ReactNode;
  text: string;
}

/** The side panel of the full-screen account pages (/registration, /login): a heading, a line, and what an account gives. */
export function AuthPitch({ title, text, perks }: { title: ReactNode; text: string; perks: Perk[] }) {
  return (
    <section className="auth-pitch" aria-labelledby="auth-pitch-title">
      <h2 id="auth-pitch-title" className="auth-pitch__title">
        {title}
      </h2>
      <p className="auth-pitch__text">{text}</p>
      <ul className="perk-list">
        {perks.map(({ Icon, text: perk }) => (
          <li key={perk}>
            <span className="perk-list__icon">
              <Icon size={18} />
            </span>
            {perk}
          </li>
        ))}
      </ul>
    </section>
  );
}
