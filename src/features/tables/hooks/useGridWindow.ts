import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import { ROW_HEIGHT } from '../utils/dataTableParts.ts';
import { spacerHeights } from '../utils/gridModel.ts';

/**
 * The virtualised window over the grid's lines, and the scroll position kept by the screen so a
 * kept-alive grid opens where the user left it.
 */
export function useGridWindow(count: number, scrollTop: { current: number }) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
    initialOffset: () => scrollTop.current,
  });
  // Back on a kept-alive screen: the grid opens where the user left it, once it has its height
  // (scroll events before that would record the clamped offset).
  const restored = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: on mount only
  useEffect(() => {
    const saved = scrollTop.current;
    const frame = requestAnimationFrame(() => {
      if (scrollRef.current) scrollRef.current.scrollTop = saved;
      restored.current = true;
    });
    return () => cancelAnimationFrame(frame);
  }, []);
  const onScroll = (e: React.UIEvent<HTMLDivElement>) => {
    if (restored.current) scrollTop.current = e.currentTarget.scrollTop;
  };

  const virtual = virtualizer.getVirtualItems();
  return { scrollRef, onScroll, virtual, ...spacerHeights(virtual, virtualizer.getTotalSize()) };
}
