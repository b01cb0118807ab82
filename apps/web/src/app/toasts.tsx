import { ToastContainer } from 'react-toastify';

/** Spec defaults: top-right, 5000 ms auto-close, pause on hover and on focus loss, drag at 80 %, hotkey Alt+T (react-toastify's default). */
export default function Toasts() {
  return <ToastContainer position="top-right" autoClose={5000} pauseOnHover pauseOnFocusLoss draggable draggablePercent={80} />;
}
