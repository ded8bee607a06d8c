import { t, type Lang } from "../lib/i18n";
import { href, pathHref } from "../lib/href";
import limits from "../../shared/limits.json";
import type { BottomNavItem } from "../lib/bottomNav";
import { fragment } from "./fragment";
import "./BottomNav.css";

/**
 * BottomNav is the phone's bottom bar: home, history, faq. Plain links, so
 * it needs no script and the page stays the same for every visitor.
 */
function BottomNavCard({ lang, region, active }: { lang: Lang; region: string; active: BottomNavItem }) {
  const place = { lang, region: region || limits.defaultRegion };
  const items: { id: BottomNavItem; href: string; label: string; icon: string }[] = [
    { id: "home", href: href("home", {}, place), label: t(lang, "bottomNav.home"), icon: "M3 11.5 12 4l9 7.5V20a1 1 0 0 1-1 1h-5v-6h-6v6H4a1 1 0 0 1-1-1z" },
    { id: "history", href: pathHref("/history", place), label: t(lang, "bottomNav.history"), icon: "M12 3a9 9 0 1 1-9 9h2a7 7 0 1 0 2.05-4.95L9 9H3V3l2.64 2.64A8.97 8.97 0 0 1 12 3zm-1 4h2v5.2l3.6 2.1-1 1.7L11 13.4z" },
    { id: "faq", href: href("faq", {}, place), label: t(lang, "bottomNav.faq"), icon: "M12 2a10 10 0 1 1 0 20 10 10 0 0 1 0-20zm0 14a1.25 1.25 0 1 0 0 2.5 1.25 1.25 0 0 0 0-2.5zm0-10a4 4 0 0 0-4 4h2a2 2 0 1 1 2.8 1.83A2.5 2.5 0 0 0 11 14.1V15h2v-.9c0-.2.1-.4.3-.5A4 4 0 0 0 12 6z" },
  ];
  return (
    <nav className="bottom-nav" aria-label={t(lang, "bottomNav.label")}>
      {items.map((it) => (
        <a key={it.id} className="bottom-nav__item" href={it.href} aria-current={active === it.id ? "page" : undefined}>
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
            <path d={it.icon} fill="currentColor" />
          </svg>
          <span>{it.label}</span>
        </a>
      ))}
    </nav>
  );
}

/** BottomNav renders once per language, region and active item (fragment.tsx). */
export const BottomNav = fragment("bottom-nav", () => "chrome", BottomNavCard);
