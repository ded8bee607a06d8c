import type { ReactNode } from "react";
import "./SlotButton.css";

/** SlotButton is one free time a visitor can pick. */
export function SlotButton({ onPick, label, children }: { onPick: () => void; label?: string; children: ReactNode }) {
  return (
    <button type="button" className="slot-button" aria-label={label} onClick={onPick}>
      {children}
    </button>
  );
}
