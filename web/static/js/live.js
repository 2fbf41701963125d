// Knowing when the game moved: the live socket when the deployment has one, else (and as a safety net) polling.
const PING_MS = 4 * 60 * 1000;

export function watch(liveUrl, gameId, onMoved, onState) {
  let socket = null;
  let retry = 1000;
  let pinger = null;
  let stopped = false;

  const connect = () => {
    if (stopped || !liveUrl) return;
    try {
      const url = new URL(liveUrl, window.location.href);
      url.searchParams.set("game_id", gameId);
      socket = new WebSocket(url.href);
    } catch {
      onState(false);
      return;
    }
    socket.addEventListener("open", () => {
      retry = 1000;
      onState(true);
      pinger = setInterval(() => socket.readyState === 1 && socket.send(JSON.stringify({ action: "ping" })), PING_MS);
    });
    socket.addEventListener("message", (event) => {
      let frame;
      try {
        frame = JSON.parse(event.data);
      } catch {
        return;
      }
      if (frame && frame.type === "moved" && (!frame.game_id || frame.game_id === gameId)) onMoved(frame.version);
    });
    socket.addEventListener("close", () => {
      clearInterval(pinger);
      onState(false);
      if (!stopped) setTimeout(connect, retry);
      retry = Math.min(retry * 2, 60000);
    });
  };
  connect();
  return { connected: () => socket !== null && socket.readyState === 1, stop: () => { stopped = true; socket?.close(); } };
}
