import { HolderOutlined } from '@ant-design/icons';
import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Button } from 'antd';
import type { ReactNode } from 'react';

export interface SortableEntriesProps {
  /** A stable id per entry (the form list's field keys), in the current order. */
  ids: string[];
  /** What each entry is called, for the handle's label and what a screen reader hears while moving it. */
  names: string[];
  onMove: (from: number, to: number) => void;
  /** One entry, with the drag handle to place in it. */
  children: (index: number, handle: ReactNode) => ReactNode;
}

/**
 * A list reordered by dragging a handle, with the mouse, a finger or the keyboard (dnd-kit: focus the handle,
 * Space to pick the entry up, the arrow keys to move it, Space to drop it, Escape to put it back), each step
 * announced in words. The order people see is the order saved.
 */
export function SortableEntries({ ids, names, onMove, children }: SortableEntriesProps) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const nameOf = (id: string | number) => names[ids.indexOf(String(id))] ?? 'the entry';
  const positionOf = (id: string | number | undefined) =>
    id === undefined ? '' : `position ${ids.indexOf(String(id)) + 1} of ${ids.length}`;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${nameOf(active.id)}, ${positionOf(active.id)}.`,
    onDragOver: ({ active, over }) => (over ? `${nameOf(active.id)} moved to ${positionOf(over.id)}.` : ''),
    onDragEnd: ({ active, over }) =>
      over ? `${nameOf(active.id)} dropped at ${positionOf(over.id)}.` : `${nameOf(active.id)} put back.`,
    onDragCancel: ({ active }) => `Moving cancelled: ${nameOf(active.id)} is back where it was.`,
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onMove(ids.indexOf(String(active.id)), ids.indexOf(String(over.id)));
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable:
            'To move this entry, press Space, then the up and down arrow keys; Space again drops it, Escape puts it back.',
        },
      }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        {ids.map((id, index) => (
          <SortableEntry key={id} id={id} name={names[index] ?? ''}>
            {(handle) => children(index, handle)}
          </SortableEntry>
        ))}
      </SortableContext>
    </DndContext>
  );
}

function SortableEntry({
  id,
  name,
  children,
}: {
  id: string;
  name: string;
  children: (handle: ReactNode) => ReactNode;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id });
  const handle = (
    <Button
      ref={setActivatorNodeRef}
      type="text"
      size="small"
      icon={<HolderOutlined aria-hidden />}
      {...attributes}
      {...listeners}
      aria-label={`Move ${name || 'this entry'}`}
      style={{ cursor: isDragging ? 'grabbing' : 'grab', touchAction: 'none' }}
      data-testid="menu-entry-handle"
    />
  );
  return (
    <div
      ref={setNodeRef}
      style={{
        transform: CSS.Translate.toString(transform),
        transition,
        position: 'relative',
        zIndex: isDragging ? 2 : undefined,
        opacity: isDragging ? 0.85 : undefined,
      }}
    >
      {children(handle)}
    </div>
  );
}
