import { TradePage } from '@/features/trade/components/trade-page';

/**
 * Rendered in the browser only (the server sends the page's skeleton): its counters start from the system's reduced-motion setting, which the server cannot know.
 */
export function clientLoader() {
  return null;
}
clientLoader.hydrate = true as const;

export default function TradeRoute() {
  return (
    <>
      <title>Trading Signals</title>
      <TradePage />
    </>
  );
}
