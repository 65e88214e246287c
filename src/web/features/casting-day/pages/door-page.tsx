import { DoorOpen, XCircle } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Navigate, useLocation, useNavigate, useSearchParams } from "react-router";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardHeader } from "@web/components/ui/card";
import { Loading } from "@web/components/ui/spinner";
import { useSession } from "@web/features/accounts";
import { ApiError } from "@web/lib/api";
import { useT } from "@web/lib/language";
import { useDoorPassSignIn } from "../api/door-pass-session";

export const PASS_HOME = "/dashboard/check-in";

/** A refusal that trying again will not change: the pass is wrong, expired or revoked. */
const refused = (error: unknown) =>
  error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429;

/**
 * /door?p=…: a door pass's link (issue 35), opened on a volunteer's phone from the link or its QR
 * code. The secret leaves the address bar at once (it is not kept in the history), signs the phone
 * in, and the check-in screen of the pass's event opens. A pass that does not work says so.
 */
export function DoorPage() {
  const t = useT();
  const navigate = useNavigate();
  const session = useSession();
  const { state } = useLocation() as { state: { signedOut?: boolean } | null };
  const [params, setParams] = useSearchParams();
  const [secret] = useState(() => params.get("p") ?? "");
  const signIn = useDoorPassSignIn();
  const started = useRef(false);

  const start = () => signIn.mutate(secret, { onSuccess: () => void navigate(PASS_HOME, { replace: true }) });
  useEffect(() => {
    if (!secret || started.current) return;
    started.current = true;
    setParams({}, { replace: true });
    start();
  });

  if (!secret && session.data?.pass) return <Navigate to={PASS_HOME} replace />;
  return (
    <div className="flex justify-center px-4 py-10 sm:py-16">
      <Card className="w-full max-w-md">
        <CardHeader>
          <h1 className="flex items-center gap-2 text-2xl font-semibold tracking-tight">
            <DoorOpen className="size-6 shrink-0 text-primary" aria-hidden="true" />
            {t("castingday.pass.title")}
          </h1>
        </CardHeader>
        <CardContent className="grid gap-4">
          {!secret ? (
            <p role="status">{state?.signedOut ? t("castingday.pass.signedOut") : t("castingday.pass.missing")}</p>
          ) : signIn.isError ? (
            <div role="alert" className="grid gap-2">
              <p className="flex items-center gap-2 font-semibold text-destructive">
                <XCircle className="size-5 shrink-0" aria-hidden="true" />
                {t("castingday.pass.failedTitle")}
              </p>
              <p>{refused(signIn.error) ? t("castingday.pass.invalid") : signIn.error.message}</p>
            </div>
          ) : (
            <Loading text={t("castingday.pass.signingIn")} />
          )}
          {signIn.isError && !refused(signIn.error) ? (
            <Button className="justify-self-start" onClick={start}>
              {t("common.retry")}
            </Button>
          ) : null}
        </CardContent>
      </Card>
    </div>
  );
}

export const Component = DoorPage;
