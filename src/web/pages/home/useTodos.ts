import { useEffect, useState } from 'react';
import type { Page } from '../../../shared/api';
import { http } from '../../providers/http';
import { VARIANT } from '../../variant';

export interface Todo {
  id: string;
  kind: string;
  title: string;
  link: string | null;
  createdAt: string;
}

export const HOME_TODO_PAGE_SIZE = 5;

/** POST /api/system/newTodo/todoCount and todoList with the variant's businessType (SPEC §7 Todos). */
export function useTodos() {
  const [state, setState] = useState<{ loading: boolean; count: number; todos: Todo[] }>({ loading: true, count: 0, todos: [] });
  useEffect(() => {
    let active = true;
    const businessType = VARIANT.todoBusinessType;
    Promise.all([
      http.post<number>('/system/newTodo/todoCount', { businessType }),
      http.post<Page<Todo>>('/system/newTodo/todoList', { businessType, pageNo: 1, pageSize: HOME_TODO_PAGE_SIZE }),
    ]).then(
      ([count, page]) => active && setState({ loading: false, count: typeof count === 'number' ? count : page.total, todos: page.records }),
      () => active && setState({ loading: false, count: 0, todos: [] }),
    );
    return () => {
      active = false;
    };
  }, []);
  return state;
}
