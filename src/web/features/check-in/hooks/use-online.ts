import { useEffect, useRef, useState } from "react";

/** Whether the browser believes it is online; `onBack` runs each time the connection returns. */
export function useOnline(onBack: () => void): boolean {
  const [online, setOnline] = useState(() => navigator.onLine);
  const latest = useRef(onBack);
  useEffect(() => {
    latest.current = onBack;
  });
  useEffect(() => {
    const wentOnline = () => {
      setOnline(true);
      latest.current();
    };
    const wentOffline = () => setOnline(false);
    window.addEventListener("online", wentOnline);
    window.addEventListener("offline", wentOffline);
    return () => {
      window.removeEventListener("online", wentOnline);
      window.removeEventListener("offline", wentOffline);
    };
  }, []);
  return online;
}
