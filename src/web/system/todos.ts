import { useSystemQuery } from '../refine/systemData';

// SPEC §7 Todos through refine's `system` provider (the list itself is the provider's `todos`).

/** POST /api/system/newTodo/todoCount for the variant's businessType. */
export const useTodoCount = (businessType: string) => useSystemQuery<number>('/system/newTodo/todoCount', { method: 'post', payload: { businessType }, retry: false });
