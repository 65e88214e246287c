import { useCan } from "@web/features/accounts";
import type { RegistrationStage } from "@common/constants";
import type { RegistrationListItem } from "@common/schemas/registrations";
import * as DialogPrimitive from "@radix-ui/react-dialog";
import { ChevronLeft, ChevronRight, Keyboard, X } from "lucide-react";
import { useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { toast } from "sonner";
import { Button } from "@web/components/ui/button";
import { cn } from "@web/lib/cn";
import { useT } from "@web/lib/language";
import { useMyScore, useStageChange } from "../api/panel-api";
import { ReviewCard } from "./review-card";
import { ShortcutsOverlay } from "./shortcuts-overlay";

export interface FastReviewProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  items: RegistrationListItem[];
  index: number;
  onIndexChange: (index: number) => void;
  /** Past the page's last (or before its first) registrant: the next (previous) page, when there is one. */
  onNextPage?: (() => void) | undefined;
  onPreviousPage?: (() => void) | undefined;
  /** Where the photos go (the photos feature); without it the place says there are none. */
  photos?: ((registration: RegistrationListItem) => ReactNode) | undefined;
  /** Filters offered in the review's header (the list's 'Ocultar cancelados y sin verificar'). */
  toolbar?: ReactNode;
  /** Actions on the registrant shown, in the header ('Invitar a callback', issue 36). */
  actions?: ((registration: RegistrationListItem) => ReactNode) | undefined;
}

const isTyping = (target: EventTarget) =>
  target instanceof HTMLTextAreaElement || target instanceof HTMLInputElement || target instanceof HTMLSelectElement;

/** What the review does, by key or by button. */
function useReviewActions(props: FastReviewProps) {
  const t = useT();
  const { items } = props;
  const mayStage = useCan()("registrations.stage");
  const index = Math.min(props.index, Math.max(0, items.length - 1));
  const current = items[index];
  const score = useMyScore();
  const stage = useStageChange();
  return {
    index,
    current,
    score,
    stage,
    next: () => (index < items.length - 1 ? props.onIndexChange(index + 1) : props.onNextPage?.()),
    previous: () => (index > 0 ? props.onIndexChange(index - 1) : props.onPreviousPage?.()),
    giveScore: (value: number) => {
      if (current) score.mutate({ id: current.id, score: value }, { onError: () => toast.error(t("panel.errors.scoreFailed")) });
    },
    moveTo: (to: RegistrationStage) => {
      if (current && mayStage)
        stage.mutate({ id: current.id, stage: to }, { onError: () => toast.error(t("panel.errors.stageFailed")) });
    },
  };
}

/**
 * Fast review (issue 23): one registrant at a time, full screen, by keyboard or by touch.
 * ←/→ or K/J move, 1–5 score, S shortlists, D discards (admins), N writes a note, ? lists the keys.
 */
export function FastReview(props: FastReviewProps) {
  const t = useT();
  const [help, setHelp] = useState(false);
  const noteRef = useRef<HTMLTextAreaElement>(null);
  const actions = useReviewActions(props);
  const { index, current } = actions;
  const items = props.items;

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (isTyping(event.target)) return;
    const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
    const byKey: Record<string, () => void> = {
      ArrowRight: actions.next,
      j: actions.next,
      ArrowLeft: actions.previous,
      k: actions.previous,
      s: () => actions.moveTo("shortlisted"),
      d: () => actions.moveTo("discarded"),
      n: () => noteRef.current?.focus(),
      "?": () => setHelp((shown) => !shown),
    };
    const action = byKey[key] ?? (/^[1-5]$/.test(key) ? () => actions.giveScore(Number(key)) : undefined);
    if (!action) return;
    event.preventDefault();
    action();
  };

  return (
    <DialogPrimitive.Root open={props.open} onOpenChange={props.onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Content
          className="fixed inset-0 z-50 flex flex-col overflow-y-auto bg-background text-foreground focus:outline-none"
          onKeyDown={onKeyDown}
          // Esc closes the shortcuts' list first, then leaves a note being written, then the review.
          onEscapeKeyDown={(event) => {
            const focused = document.activeElement;
            if (help) {
              event.preventDefault();
              setHelp(false);
            } else if (focused && isTyping(focused)) {
              event.preventDefault();
              (focused as HTMLElement).blur();
            }
          }}
          aria-describedby={undefined}
          data-testid="fast-review"
        >
          <ReviewHeader
            position={current ? { current: index + 1, total: items.length } : null}
            help={help}
            onHelp={() => setHelp((shown) => !shown)}
            toolbar={props.toolbar}
            actions={current ? props.actions?.(current) : null}
          />
          {help ? <ShortcutsOverlay onClose={() => setHelp(false)} /> : null}
          {current ? (
            <ReviewCard
              key={current.id}
              registration={current}
              noteRef={noteRef}
              photos={props.photos}
              onScore={actions.giveScore}
              scoring={actions.score.isPending}
              onStage={actions.moveTo}
              staging={actions.stage.isPending}
            />
          ) : (
            <p className="m-auto p-10 text-center text-muted-foreground">{t("panel.review.empty")}</p>
          )}
          <ReviewNav {...props} index={index} onNext={actions.next} onPrevious={actions.previous} />
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

function ReviewNav({
  items,
  index,
  onNext,
  onPrevious,
  onNextPage,
  onPreviousPage,
}: Pick<FastReviewProps, "items" | "onNextPage" | "onPreviousPage"> & {
  index: number;
  onNext: () => void;
  onPrevious: () => void;
}) {
  const t = useT();
  return (
    <nav
      className="sticky bottom-0 mt-auto flex items-center justify-between gap-2 border-t bg-background/95 px-4 py-3 backdrop-blur"
      aria-label={t("panel.review.title")}
    >
      <Button variant="outline" size="lg" onClick={onPrevious} disabled={index === 0 && !onPreviousPage}>
        <ChevronLeft aria-hidden="true" />
        {t("panel.review.previous")}
      </Button>
      <p className="hidden text-xs text-muted-foreground md:block">{t("panel.review.shortcutsHint")}</p>
      <Button variant="outline" size="lg" onClick={onNext} disabled={index >= items.length - 1 && !onNextPage}>
        {t("panel.review.next")}
        <ChevronRight aria-hidden="true" />
      </Button>
    </nav>
  );
}

function ReviewHeader({
  position,
  help,
  onHelp,
  toolbar,
  actions,
}: {
  position: { current: number; total: number } | null;
  help: boolean;
  onHelp: () => void;
  toolbar: ReactNode;
  actions: ReactNode;
}) {
  const t = useT();
  return (
    <header className="sticky top-0 z-10 flex flex-wrap items-center gap-2 border-b bg-background/95 px-4 py-3 backdrop-blur">
      <DialogPrimitive.Title className="text-lg font-semibold">{t("panel.review.title")}</DialogPrimitive.Title>
      {position ? (
        <span className="text-sm text-muted-foreground" aria-live="polite" data-testid="review-position">
          {t("panel.review.position", position)}
        </span>
      ) : null}
      {/* A phone gives the filters a line of their own, under the title and the buttons. */}
      {toolbar ? <div className="order-last basis-full sm:order-none sm:ml-auto sm:basis-auto">{toolbar}</div> : null}
      <div className={cn("flex items-center gap-1", toolbar ? "ml-auto sm:ml-0" : "ml-auto")}>
        {actions}
        <Button variant="ghost" size="sm" aria-pressed={help} onClick={onHelp}>
          <Keyboard aria-hidden="true" />
          {t("panel.review.shortcuts")}
        </Button>
        <DialogPrimitive.Close asChild>
          <Button variant="ghost" size="icon-sm" aria-label={t("panel.review.close")} title={t("panel.review.close")}>
            <X aria-hidden="true" />
          </Button>
        </DialogPrimitive.Close>
      </div>
    </header>
  );
}
