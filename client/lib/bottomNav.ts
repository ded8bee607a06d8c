// Which item of the phone's bottom navigation a path makes active.

export type BottomNavItem = "home" | "history" | "faq" | "";

/**
 * bottomNavActive derives the active item from a path (SPEC §4 "Bottom
 * navigation"): the home page of any region, /history and a visit under it,
 * /faq; anything else has none. The language and region prefixes are
 * ignored.
 */
export function bottomNavActive(path: string, regions: string[]): BottomNavItem {
  let p = path.split("?")[0].replace(/\/+$/, "");
  if (p === "/uz" || p.startsWith("/uz/")) p = p.slice(3);
  const first = p.split("/")[1] ?? "";
  if (first && regions.includes(first)) p = p.slice(first.length + 1);
  if (p === "") return "home";
  if (p === "/history" || p.startsWith("/history/")) return "history";
  if (p === "/faq") return "faq";
  return "";
}
