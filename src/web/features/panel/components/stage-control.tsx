import { useCan } from "@web/features/accounts";
import type { RegistrationStage } from "@common/constants";
import { REGISTRATION_STAGES } from "@common/constants";
import { STAGE_MESSAGE } from "@common/schemas/panel";
import { useId } from "react";
import { toast } from "sonner";
import { Badge } from "@web/components/ui/badge";
import { NativeSelect } from "@web/components/ui/input";
import { useT } from "@web/lib/language";
import { useStageChange } from "../api/panel-api";

const TONE: Record<RegistrationStage, "neutral" | "blue" | "purple" | "green" | "red"> = {
  new: "neutral",
  shortlisted: "blue",
  callback: "purple",
  signed: "green",
  discarded: "red",
};

export function StageBadge({ stage }: { stage: RegistrationStage }) {
  const t = useT();
  return (
    <Badge tone={TONE[stage]} data-testid="stage-badge">
      {t(STAGE_MESSAGE[stage])}
    </Badge>
  );
}

/** Those who may move the stage (registrations.stage) get a control; everyone else sees it. */
export function StageControl({ id, name, stage }: { id: string; name: string; stage: RegistrationStage }) {
  const t = useT();
  const selectId = useId();
  const change = useStageChange();
  const mayStage = useCan()("registrations.stage");
  if (!mayStage) return <StageBadge stage={stage} />;
  return (
    <div className="flex items-center gap-2" data-testid="stage-control">
      <label htmlFor={selectId} className="sr-only">
        {t("panel.stageLabel")} — {name}
      </label>
      <NativeSelect
        id={selectId}
        className="h-8 w-auto py-0 text-xs"
        value={stage}
        disabled={change.isPending}
        onChange={(event) =>
          change.mutate(
            { id, stage: event.target.value as RegistrationStage },
            { onError: () => toast.error(t("panel.errors.stageFailed")) },
          )
        }
      >
        {REGISTRATION_STAGES.map((value) => (
          <option key={value} value={value}>
            {t(STAGE_MESSAGE[value])}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
