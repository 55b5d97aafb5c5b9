import { useList } from '@refinedev/core';
import { SYSTEM } from '../../refine/systemData';
import { useTodoCount } from '../../system/todos';
import { VARIANT } from '../../variant';

export interface Todo {
  id: string;
  kind: string;
  title: string;
  link: string | null;
  createdAt: string;
}

export const HOME_TODO_PAGE_SIZE = 5;

/** POST /api/system/newTodo/todoCount and todoList with the variant's businessType (SPEC §7 Todos); either failing shows none. */
export function useTodos(): { loading: boolean; count: number; todos: Todo[] } {
  const businessType = VARIANT.todoBusinessType;
  const count = useTodoCount(businessType);
  const { query: list, result } = useList<Todo>({
    resource: 'todos',
    dataProviderName: SYSTEM,
    pagination: { currentPage: 1, pageSize: HOME_TODO_PAGE_SIZE },
    filters: [{ field: 'businessType', operator: 'eq', value: businessType }],
    queryOptions: { retry: false },
  });
  if (count.isPending || list.isPending) return { loading: true, count: 0, todos: [] };
  if (count.isError || list.isError) return { loading: false, count: 0, todos: [] };
  return { loading: false, count: typeof count.data === 'number' ? count.data : (result.total ?? 0), todos: result.data };
}
