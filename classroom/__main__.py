import sys

from classroom.launch import main

sys.exit(main())
