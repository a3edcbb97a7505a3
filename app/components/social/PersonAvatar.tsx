import { Avatar, type AvatarPerson } from "../Avatar";
import { Dot } from "../Dot";

/** The picture at the start of a person's row on /social, with the green dot when they are online. */
export function PersonAvatar({
  person,
  online = false,
}: {
  person: AvatarPerson;
  online?: boolean;
}) {
  return (
    <span className="person__avatar">
      <Avatar person={person} size={48} />
      {online ? <Dot size={12} label="Online" className="person__dot" /> : null}
    </span>
  );
}
