import type { ReactElement } from "react";
import { picture } from "./Picture";
import "./Avatar.css";

/**
 * Avatar shows a doctor's photo (photo is its hash), or the initials when
 * there is none. size "portrait" is the doctor page's, the page's main picture.
 */
export function Avatar({ name, photo, size = "avatar" }: { name: string; photo: string; size?: "avatar" | "portrait" }) {
  return avatar(name, photo, size);
}

/** avatar is Avatar's element, for a card to call without a props object. */
export function avatar(name: string, photo: string, size: "avatar" | "portrait" = "avatar"): ReactElement | null {
  if (photo) return picture(photo, size, name, size === "portrait", false, size === "portrait" ? "avatar avatar--portrait" : "avatar avatar--avatar");
  return (
    <span className="avatar avatar--initials" aria-hidden="true">
      {initialsOf(name)}
    </span>
  );
}

// initialsOf is the first letters of a name's first two words. A regular
// expression split, or callbacks, cost goja more than the rest of the card.
function initialsOf(name: string): string {
  const words = name.trim().split(" ");
  let initials = "";
  for (let i = 0, n = 0; i < words.length && n < 2; i++) {
    const w = words[i];
    if (w !== "") {
      initials += w.charAt(0);
      n++;
    }
  }
  return initials;
}
