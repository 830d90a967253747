import { type DragEvent, useState } from 'react';

/** Where a drag in the list is: the step picked up and the row it is over. */
export interface ListDrag {
  from: number;
  over: number | null;
}

/** The drag-and-drop handlers of one row of the list. */
export interface RowDragProps {
  draggable: true;
  onDragStart: (event: DragEvent) => void;
  onDragOver: (event: DragEvent) => void;
  onDrop: (event: DragEvent) => void;
  onDragEnd: () => void;
}

/**
 * Reordering a list by the browser's drag and drop: a row picked up and dropped on another row
 * takes that row's position. Only drags that started in this list are accepted.
 */
export function useListDrag(onReorder: (from: number, to: number) => void) {
  const [drag, setDrag] = useState<ListDrag | null>(null);
  const rowProps = (index: number): RowDragProps => ({
    draggable: true,
    onDragStart: (event) => {
      event.dataTransfer.effectAllowed = 'move';
      // Some browsers start no drag without data.
      event.dataTransfer.setData('text/plain', String(index + 1));
      setDrag({ from: index, over: null });
    },
    onDragOver: (event) => {
      if (drag === null) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'move';
      if (drag.over !== index) setDrag({ ...drag, over: index });
    },
    onDrop: (event) => {
      if (drag === null) return;
      event.preventDefault();
      if (drag.from !== index) onReorder(drag.from, index);
      setDrag(null);
    },
    onDragEnd: () => setDrag(null),
  });
  return { drag, rowProps };
}
