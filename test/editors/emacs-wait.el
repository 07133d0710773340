;; Run after visiting a rule file with the RuleLens snippet loaded: waits until the server's
;; diagnostics arrive, prints them, and exits 0 when one names the lint code in $EXPECT (1 if not).
;; The wait is only a safety net against a hang; a loaded machine makes it slower, not wrong.
;; eglot-ensure connects after the next command; a batch session runs none, so run that hook once.
(run-hooks 'post-command-hook)
(let* ((expect (format "[%s]" (getenv "EXPECT")))
       (deadline (+ (float-time) 60))
       (texts (lambda () (and (bound-and-true-p flymake-mode) (mapcar #'flymake-diagnostic-text (flymake-diagnostics)))))
       (found nil))
  (while (and (not found) (< (float-time) deadline))
    (accept-process-output nil 0.2)
    (setq found (seq-some (lambda (text) (string-search expect text)) (funcall texts))))
  (princ (format "mode=%s server=%s diagnostics=%s\n" major-mode (and (eglot-current-server) t) (length (funcall texts))))
  (kill-emacs (if found 0 1)))
