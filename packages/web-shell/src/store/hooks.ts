import { useDispatch, useSelector } from 'react-redux';
import type { ShellDispatch, ShellState } from './store.ts';

export const useShellDispatch = useDispatch.withTypes<ShellDispatch>();
export const useShellSelector = useSelector.withTypes<ShellState>();
