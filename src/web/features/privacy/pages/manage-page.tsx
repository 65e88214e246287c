import { useSearchParams } from "react-router";
import { Card, CardContent } from "@web/components/ui/card";
import { MyDataActions } from "@web/features/public";

/**
 * /manage?t=…: the person's own page from their manage link. Minimal here (issue 18: their data);
 * issue 19 adds seeing, moving and cancelling the registration around MyDataActions.
 */
export function ManagePage() {
  const [params] = useSearchParams();
  return (
    <Card className="mx-auto my-6 w-full max-w-2xl">
      <CardContent className="pt-6">
        <MyDataActions token={params.get("t") ?? ""} />
      </CardContent>
    </Card>
  );
}

export const Component = ManagePage;
