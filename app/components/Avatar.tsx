import { avatarInitial, resolveMediaUrl } from "~/lib/media";
import { Picture } from "./Picture";
import { useMediaBase } from "./root-data";

export interface AvatarPerson {
  name?: string | null;
  first_name?: string | null;
  profile_img?: string | null;
  profile_pic?: string | null;
}

export interface AvatarProps {
  person: AvatarPerson;
  /** Width and height in pixels (SPEC.md §2: 100 by 100 unless told). */
  size?: number;
  /** Media storage base; the root loader's value unless given. */
  mediaBase?: string;
  className?: string;
}

/** Round picture of a person: the uploaded image, else the social login picture, else the first letter of the first name. */
export function Avatar({
  person,
  size = 100,
  mediaBase,
  className,
}: AvatarProps) {
  const rootMediaBase = useMediaBase();
  const src = resolveMediaUrl(
    person.profile_img || person.profile_pic,
    mediaBase ?? rootMediaBase,
  );
  const label = person.name || person.first_name || "Player";
  const classes = ["avatar", className].filter(Boolean).join(" ");
  const style = {
    width: size,
    height: size,
    fontSize: Math.max(12, Math.round(size * 0.42)),
  };
  if (src) {
    return (
      <Picture
        className={classes}
        src={src}
        alt={label}
        width={size}
        height={size}
        variant={320}
        style={style}
      />
    );
  }
  return (
    <span
      className={`${classes} avatar--initial`}
      style={style}
      role="img"
      aria-label={label}
    >
      {avatarInitial(person.first_name, person.name)}
    </span>
  );
}
