;;; RuleLens for Emacs with eglot (built in since Emacs 29; the eglot package on Emacs 26.3+).
;;; Eglot runs one server per major mode: these modes get RuleLens instead of another server.

;; Emacs 28 has no JSON mode of its own; Emacs 29+ has js-json-mode.
(unless (fboundp 'js-json-mode) (define-derived-mode js-json-mode js-mode "JSON"))
(add-to-list 'auto-mode-alist '("\\.jsonc?\\'" . js-json-mode))
;; Codex rule files are Starlark (close enough to Python to read).
(define-derived-mode codex-rules-mode python-mode "Codex rules")
(add-to-list 'auto-mode-alist '("/rules/[^/]*\\.rules\\'" . codex-rules-mode))
(add-to-list 'auto-mode-alist '("\\.codexpolicy\\'" . codex-rules-mode))
;; YAML: yaml-mode (a package) or yaml-ts-mode (Emacs 29+); without either, a plain mode to attach to.
(unless (or (fboundp 'yaml-mode) (fboundp 'yaml-ts-mode))
  (define-derived-mode yaml-mode text-mode "YAML")
  (add-to-list 'auto-mode-alist '("\\.ya?ml\\'" . yaml-mode)))
;; TOML (Gemini policies, Codex requirements.toml): conf-toml-mode is built in.

(require 'eglot)
(add-to-list 'eglot-server-programs
             '((js-json-mode json-mode json-ts-mode yaml-mode yaml-ts-mode conf-toml-mode toml-ts-mode codex-rules-mode)
               . ("rulelens" "lsp" "--stdio")))
(dolist (hook '(js-json-mode-hook json-mode-hook json-ts-mode-hook yaml-mode-hook yaml-ts-mode-hook
                conf-toml-mode-hook toml-ts-mode-hook codex-rules-mode-hook))
  (add-hook hook #'eglot-ensure))
