import { TradePage } from '@/features/trade/components/trade-page';

/**
 * Rendered on the server like every public page: its text is in the HTML. The counters start
 * moving once the app runs (the profit counter shows its final figure at once when motion is
 * reduced, a setting only the browser knows).
 */
export default function TradeRoute() {
  return (
    <>
      <title>Trading Signals</title>
      <TradePage />
    </>
  );
}
