import { type RefObject, useEffect, useId, useRef, useState } from "react";
import { useLocation } from "react-router";

/**
 * A header disclosure (a button that shows a menu): closes on a click or tap outside, on Escape
 * (focus goes back to the button) and on every navigation. `buttonProps` wire the button to the
 * element whose id is `panelId`; `panelProps` are that element's id and its hidden state, for a menu that
 * stays in the page while closed.
 */
export function useDisclosure() {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const { pathname } = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: close on every navigation
  useEffect(() => setOpen(false), [pathname]);

  useEscapeClose(open, setOpen, buttonRef);
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointer);
    return () => document.removeEventListener("pointerdown", onPointer);
  }, [open]);

  const toggle = () => setOpen((v) => !v);
  return {
    open,
    setOpen,
    rootRef,
    buttonRef,
    toggle,
    panelId,
    buttonProps: disclosureButton(open, toggle, panelId, buttonRef),
    panelProps: { id: panelId, hidden: !open },
  };
}

/**
 * What makes a button the switch of a disclosure: its ref (for focus on the way back), its type, the
 * open state and the id of the element it shows (`aria-expanded`, `aria-controls`), and its click.
 */
export function disclosureButton(
  open: boolean,
  onClick: () => void,
  controls: string,
  ref: RefObject<HTMLButtonElement | null>,
) {
  return { ref, type: "button", "aria-expanded": open, "aria-controls": controls, onClick } as const;
}

/**
 * While something is open (a menu, a panel), Escape closes it and gives focus back to the button
 * that opened it, so the keyboard user is where they were.
 */
export function useEscapeClose(
  open: boolean,
  setOpen: (open: boolean) => void,
  buttonRef: RefObject<HTMLElement | null>,
) {
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open, setOpen, buttonRef]);
}
