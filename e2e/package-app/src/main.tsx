import { StrictMode, useEffect, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { defined, type EstimateDetail } from 'service-valuation-widget';
import 'service-valuation-widget/react';

declare const WIDGET_HOST: string;

function Valuation() {
  const widget = useRef<HTMLElementTagNameMap['service-valuation']>(null);
  const [estimate, setEstimate] = useState<EstimateDetail>();
  const [ready, setReady] = useState(false);

  useEffect(() => {
    void defined.then(() => setReady(true));
    const element = widget.current!;
    // The event's detail is typed through GlobalEventHandlersEventMap.
    const onEstimate = (event: CustomEvent<EstimateDetail>) => setEstimate(event.detail);
    element.addEventListener('service-valuation-estimate', onEstimate);
    return () => element.removeEventListener('service-valuation-estimate', onEstimate);
  }, []);

  return (
    <main>
      <h1>Listing 560102</h1>
      <p>{ready ? 'The widget is defined.' : 'Loading the widget…'}</p>
      <service-valuation
        ref={widget}
        data-embed-key="svce_test_demo0000000000000001"
        data-api-base={WIDGET_HOST}
        data-mode="sale"
      />
      <p role="status">
        {estimate ? `Last estimate: S$${estimate.value.toLocaleString('en-SG')} (${estimate.mode})` : 'No estimate yet'}
      </p>
      {/* The JSX typing refuses what the element does not take. */}
      {/* @ts-expect-error: data-theme is light, dark or auto */}
      <service-valuation
        data-embed-key="svce_test_demo0000000000000001"
        data-api-base={WIDGET_HOST}
        data-theme="purple"
        hidden
      />
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Valuation />
  </StrictMode>,
);
