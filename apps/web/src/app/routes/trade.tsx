import { TradePage } from '@/features/trade/components/trade-page';

export function Component() {
  return (
    <>
      <title>Trading Signals</title>
      <TradePage />
    </>
  );
}
