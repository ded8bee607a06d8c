import { useEffect, useRef, useState } from "react";
import { t, type Lang } from "../lib/i18n";
import { markReady } from "../lib/ready";
import { openModal } from "../lib/dialog";
import "./BurgerMenu.css";

export interface BurgerMenuProps {
  lang: Lang;
  /** id of the server-rendered sidebar this button shows and hides. */
  sidebarId: string;
}

/** BurgerMenu toggles the mobile sidebar, a modal sheet (lib/dialog.ts). Escape and a click outside close it. */
export default function BurgerMenu({ lang, sidebarId }: BurgerMenuProps) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => markReady(ref.current), []);
  useEffect(() => {
    const sidebar = document.getElementById(sidebarId);
    if (!sidebar) return;
    sidebar.dataset.open = String(open);
    sidebar.inert = !open;
    document.body.classList.toggle("has-open-sidebar", open);
    if (!open) return;
    // A sheet from the keyboard too: focus on its first link, the page
    // behind inert but the burger (which closes it), Tab kept inside,
    // Escape closes, focus back on the burger.
    const undo = openModal(sidebar, () => setOpen(false), {
      initial: sidebar.querySelector<HTMLElement>("a[href]"),
      returnTo: ref.current,
      keep: ref.current ? [ref.current] : [],
    });
    const onClick = (e: MouseEvent) => {
      const target = e.target as Node;
      if (!sidebar.contains(target) && !ref.current?.contains(target)) setOpen(false);
    };
    document.addEventListener("click", onClick);
    return () => {
      document.removeEventListener("click", onClick);
      undo();
    };
  }, [open, sidebarId]);
  return (
    <button
      ref={ref}
      type="button"
      className="burger"
      aria-controls={sidebarId}
      aria-expanded={open}
      aria-label={t(lang, open ? "nav.menuClose" : "nav.menuOpen")}
      onClick={() => setOpen((o) => !o)}
    >
      <span className="burger__bar" />
      <span className="burger__bar" />
      <span className="burger__bar" />
    </button>
  );
}
